import type { InterfaceLanguage, InterfaceLanguageCode } from '@parla/shared/languages';
import { createContext, use, useContext } from 'react';
import type { LaterStringGroup } from '../string-groups';
import type { TranslateValues, TranslationKey } from './translator';

/**
 * What `t` accepts as a key. One the compiler can see must be a key of en.json: a literal
 * (`'landing.hero.title'`) or a union of them, or a template literal that matches at least one
 * (`` `landing.faq.${id}.question` ``); anything else is a type error. A key held in a plain `string`
 * (a table of keys typed loosely) is checked when it is shown: a missing one is a console warning,
 * which the browser tests fail on.
 */
export type KeyArgument<K extends string> = string extends K
  ? K
  : K extends TranslationKey
    ? K
    : [Extract<TranslationKey, K>] extends [never]
      ? TranslationKey
      : K;

/** The interface's text for `key` with its `{placeholders}` filled, plural forms chosen by the language's CLDR rules. */
export type Translate = <K extends string>(key: KeyArgument<K>, values?: TranslateValues) => string;

export interface LanguageContextValue {
  language: InterfaceLanguageCode;
  languageInfo: InterfaceLanguage;
  dir: 'ltr' | 'rtl';
  /** True while the start-up detection or a language switch is loading translations. */
  isLoading: boolean;
  t: Translate;
  /** A manual choice: saved, loaded, applied, announced with a toast. Resolves false on failure. */
  changeLanguage(code: string): Promise<boolean>;
  /** A later string group's loading, one promise per language and group (see `useStringGroup`). */
  requireStringGroup(group: LaterStringGroup): Promise<void>;
  /**
   * The signed-in learner's interface language, as their profile says (null when signed out or not
   * chosen yet). It applies by spec §4's rule for a later profile preference: unless a manual
   * choice on this device differs.
   */
  followProfileLanguage(code: string | null): void;
}

export const LanguageContext = createContext<LanguageContextValue | null>(null);

export function useI18n(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useI18n must be used within a LanguageProvider');
  return value;
}

/**
 * For a screen whose strings are not in the core part of the language files: suspends (to the
 * nearest Suspense boundary) until `group` is loaded in the current language and in English.
 */
export function useStringGroup(group: LaterStringGroup): void {
  // Called on every render, settled or not, so a replayed render sees the same `use` calls.
  use(useI18n().requireStringGroup(group));
}
