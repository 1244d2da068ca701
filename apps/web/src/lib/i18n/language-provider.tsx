import { getInterfaceLanguage, type InterfaceLanguageCode, isInterfaceLanguageCode } from '@parla/shared/languages';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { notify } from '@/components/ui/toaster';
import { readString, storageKeys, writeString } from '../storage';
import { type LaterStringGroup, type StringGroup, stringGroupOf } from '../string-groups';
import { loadCatalogue } from './catalogues';
import { detectInterfaceLanguage, shouldApplyProfileLanguage } from './detect-language';
import { LanguageContext, type LanguageContextValue, type Translate } from './language-context';
import { createTranslator, type TranslateValues } from './translator';

const warnedMissing = new Set<string>();
const partKey = (code: string, group: StringGroup) => `${code}:${group}`;

function applyDocumentLanguage(code: InterfaceLanguageCode) {
  const root = document.documentElement;
  root.lang = code;
  root.dir = getInterfaceLanguage(code).rtl ? 'rtl' : 'ltr';
}

export interface LanguageProviderProps {
  /**
   * A profile's interface language known at start-up (tests pass it). The app's session lives below
   * this provider, so it reports the learner's language later through `followProfileLanguage`.
   */
  profileLanguage?: string | null | undefined;
  /** String groups the first screen needs beside core, loaded before it shows (lib/string-groups.ts). */
  initialStringGroups?: readonly LaterStringGroup[] | undefined;
  children: ReactNode;
}

export function LanguageProvider({
  profileLanguage: profileLanguageProp,
  initialStringGroups = [],
  children,
}: LanguageProviderProps) {
  // What the signed-in learner's profile says, reported once the session has loaded it.
  const [followedProfileLanguage, followProfileLanguage] = useState<string | null>(null);
  const profileLanguage = followedProfileLanguage ?? profileLanguageProp;
  // No translation is cached between visits (spec §4: the cache is cleared at start).
  const [translator] = useState(createTranslator);
  const [language, setLanguage] = useState<InterfaceLanguageCode>('en');
  const [status, setStatus] = useState<'initialising' | 'ready' | 'failed'>('initialising');
  const [switching, setSwitching] = useState(false);
  const profileLanguageAtStart = useRef(profileLanguageProp);
  // The language applied last: messages outside render (toasts) speak it.
  const appliedLanguage = useRef<InterfaceLanguageCode>('en');
  const say = useCallback(
    (key: Parameters<Translate>[0], values?: TranslateValues) => translator.translate(appliedLanguage.current, key, values),
    [translator],
  );
  // A start-up failure is announced once the page (and its toaster) is on screen.
  const startupProblem = useRef<string | null>(null);

  // Parts of language files (code + string group) that are in, or on their way.
  const [loadedParts] = useState(() => new Set<string>());
  const [pendingParts] = useState(() => new Map<string, Promise<void>>());
  // Groups some screen has asked for: a language switch loads them too, so nothing flashes.
  const [requestedGroups] = useState(() => new Set<LaterStringGroup>(initialStringGroups));

  const loadPart = useCallback(
    (code: InterfaceLanguageCode, group: StringGroup): Promise<void> => {
      const key = partKey(code, group);
      if (loadedParts.has(key)) return Promise.resolve();
      let pending = pendingParts.get(key);
      if (!pending) {
        pending = loadCatalogue(code, group).then(
          (messages) => {
            translator.add(code, messages);
            loadedParts.add(key);
            pendingParts.delete(key);
          },
          (error: unknown) => {
            pendingParts.delete(key); // a later attempt may succeed
            throw error;
          },
        );
        pendingParts.set(key, pending);
      }
      return pending;
    },
    [translator, loadedParts, pendingParts],
  );

  const ensureLoaded = useCallback(
    async (code: InterfaceLanguageCode) => {
      await Promise.all(['core' as const, ...requestedGroups].map((group) => loadPart(code, group)));
    },
    [loadPart, requestedGroups],
  );

  // A screen's later string group, in the current language and in English (the fallback), as a
  // promise kept per language and group: React's `use` must see the same promise on every render,
  // and one already settled (status "fulfilled", as React marks them) when the strings are in.
  // It never rejects: on failure the screen shows what it has and a §8 toast says so.
  const [groupRequests] = useState(() => new Map<string, Promise<void>>());
  const requireStringGroup = useCallback(
    (group: LaterStringGroup): Promise<void> => {
      requestedGroups.add(group);
      const key = partKey(language, group);
      let request = groupRequests.get(key);
      if (!request) {
        if (loadedParts.has(key) && loadedParts.has(partKey('en', group))) {
          request = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });
        } else {
          request = Promise.all([loadPart('en', group), loadPart(language, group)]).then(
            () => undefined,
            (error: unknown) => {
              console.error(error);
              notify.error(say('i18n.toast.loadFailed', { name: getInterfaceLanguage(language).nativeName }));
            },
          );
        }
        groupRequests.set(key, request);
      }
      return request;
    },
    [groupRequests, language, loadPart, loadedParts, requestedGroups, say],
  );

  const apply = useCallback((code: InterfaceLanguageCode) => {
    applyDocumentLanguage(code);
    writeString(storageKeys.interfaceLanguage, code);
    appliedLanguage.current = code;
    setLanguage(code);
  }, []);

  // Start-up: English first (the fallback for every key), then the detected language.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        await ensureLoaded('en');
      } catch (error) {
        console.error(error);
        if (!cancelled) setStatus('failed');
        return;
      }
      let target = detectInterfaceLanguage({
        profileLanguage: profileLanguageAtStart.current,
        manualChoice: readString(storageKeys.manualInterfaceLanguage),
        savedPreference: readString(storageKeys.interfaceLanguage),
        browserLanguages: navigator.languages ?? [navigator.language],
      });
      if (target !== 'en') {
        try {
          await ensureLoaded(target);
        } catch (error) {
          console.error(error);
          startupProblem.current = say('i18n.toast.loadFailed', { name: getInterfaceLanguage(target).nativeName });
          target = 'en';
        }
      }
      if (cancelled) return;
      try {
        apply(target);
      } catch (error) {
        // Spec §8: a failed initialisation falls back to English.
        console.error(error);
        apply('en');
      }
      setStatus('ready');
    })();
    return () => {
      cancelled = true;
    };
  }, [apply, ensureLoaded, say]);

  useEffect(() => {
    if (status !== 'ready' || !startupProblem.current) return;
    notify.error(startupProblem.current);
    startupProblem.current = null;
  }, [status]);

  const switchTo = useCallback(
    async (code: InterfaceLanguageCode, { manual }: { manual: boolean }): Promise<boolean> => {
      const name = getInterfaceLanguage(code).nativeName;
      setSwitching(true);
      try {
        try {
          await ensureLoaded(code);
        } catch (error) {
          console.error(error);
          notify.error(say('i18n.toast.loadFailed', { name }));
          return false;
        }
        try {
          apply(code);
        } catch (error) {
          console.error(error);
          notify.error(say('i18n.toast.switchFailed', { name }));
          return false;
        }
        if (manual) writeString(storageKeys.manualInterfaceLanguage, code);
        notify.success(say('i18n.toast.changed', { name }));
        return true;
      } catch (error) {
        console.error(error);
        notify.error(say('i18n.toast.changeFailed', { name }));
        return false;
      } finally {
        setSwitching(false);
      }
    },
    [apply, ensureLoaded, say],
  );

  const changeLanguage = useCallback(
    async (code: string) => {
      if (!isInterfaceLanguageCode(code)) throw new Error('Unsupported language');
      return switchTo(code, { manual: true });
    },
    [switchTo],
  );

  // Only a new profile preference (or the end of start-up) should trigger this, not every
  // language change — those read the current language through the ref.
  const languageRef = useRef(language);
  languageRef.current = language;
  useEffect(() => {
    if (status !== 'ready') return;
    const manualChoice = readString(storageKeys.manualInterfaceLanguage);
    if (
      isInterfaceLanguageCode(profileLanguage) &&
      shouldApplyProfileLanguage({ profileLanguage, currentLanguage: languageRef.current, manualChoice })
    ) {
      void switchTo(profileLanguage, { manual: false });
    }
  }, [profileLanguage, status, switchTo]);

  const value = useMemo<LanguageContextValue>(() => {
    const languageInfo = getInterfaceLanguage(language);
    return {
      language,
      languageInfo,
      dir: languageInfo.rtl ? 'rtl' : 'ltr',
      isLoading: status === 'initialising' || switching,
      changeLanguage,
      requireStringGroup,
      followProfileLanguage,
      t: (key, values) => {
        if (!translator.has(language, key) && !warnedMissing.has(`${language}:${key}`)) {
          warnedMissing.add(`${language}:${key}`);
          const group = stringGroupOf(key);
          if (!loadedParts.has(partKey(language, group))) {
            // A screen used a string group it did not ask for (useStringGroup): a bug to fix.
            console.error(`"${key}" is in the "${group}" strings, which this screen did not load`);
          } else {
            const fallback = translator.has('en', key) ? 'English' : 'the key itself';
            console.warn(`Missing translation "${key}" in ${language}: showing ${fallback}`);
          }
        }
        return translator.translate(language, key, values);
      },
    };
  }, [changeLanguage, language, loadedParts, requireStringGroup, status, switching, translator]);

  if (status === 'initialising') return <LoadingScreen />;
  if (status === 'failed') {
    // Without even the English file there is no text to show but this one (spec §8).
    return (
      <p role="alert" className="p-6 text-center text-danger">
        No translations available for {language} or fallback
      </p>
    );
  }
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}
