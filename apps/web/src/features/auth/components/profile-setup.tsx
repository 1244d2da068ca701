import { NATIVE_LANGUAGES, type NativeLanguage, type TargetLanguage } from '@parla/shared/content.schema';
import { getInterfaceLanguage } from '@parla/shared/languages';
import { LEARNING_GOALS, LEARNING_STYLES, PROFICIENCY_LEVELS } from '@parla/shared/users.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Choice, ChoiceGroup } from '@/components/ui/choice';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { setCachedProfile, useMe } from '@/lib/auth/get-me';
import { useCourses } from '@/lib/get-courses';
import { interfaceLanguageAfterSetup } from '@/lib/i18n/detect-language';
import { useI18n } from '@/lib/i18n/language-context';
import { useNavigate } from '@/lib/router';
import { readString, storageKeys } from '@/lib/storage';
import { updateMyProfile } from '../api/auth-api';
import { FormAlert } from './auth-card';

type Proficiency = (typeof PROFICIENCY_LEVELS)[number];
type Style = (typeof LEARNING_STYLES)[number];
type Goal = (typeof LEARNING_GOALS)[number];
const STEPS = 4;

/** Spec §2/§4 profile setup: native language, course, level, then styles (≥ 1) and goals. */
export function ProfileSetup() {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const profileAtStart = useMe().data?.profile;
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState(1);
  const [native, setNative] = useState<NativeLanguage | null>(profileAtStart?.native_language ?? null);
  const [target, setTarget] = useState<TargetLanguage | null>(null);
  const [proficiency, setProficiency] = useState<Proficiency | null>(null);
  const [styles, setStyles] = useState<Style[]>([]);
  const [goals, setGoals] = useState<Goal[]>([]);
  const courseList = useCourses(language);
  const courses = courseList.data?.languages ?? [];
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // Each step's title takes focus, so screen-reader users hear where they are.
  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  const canContinue = [native !== null, target !== null && target !== native, proficiency !== null, styles.length > 0][step - 1];

  async function complete() {
    if (!native || !target || !proficiency) return;
    setSaving(true);
    setError(null);
    try {
      const profile = await updateMyProfile({
        native_language: native,
        target_language: target,
        proficiency,
        learning_styles: styles,
        goals,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        // The interface follows (lib/auth/interface-language.tsx) once the profile is back.
        interface_language: interfaceLanguageAfterSetup({
          nativeLanguage: native,
          manualChoice: readString(storageKeys.manualInterfaceLanguage),
          profileChoice: profileAtStart?.interface_language,
        }),
        profile_completed: true,
      });
      setCachedProfile(queryClient, profile);
      navigate(paths.app.dashboard, { replace: true });
    } catch {
      setError(t('setup.saveFailed'));
    } finally {
      setSaving(false);
    }
  }

  const titles = ['setup.native.title', 'setup.target.title', 'setup.level.title', 'setup.styles.title'];
  const percent = Math.round((step / STEPS) * 100);
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex min-h-screen w-full max-w-2xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-2">
        <p className="flex justify-between text-sm font-semibold text-muted">
          <span>{t('setup.progress', { step, total: STEPS })}</span>
          <span>{t('setup.percent', { percent })}</span>
        </p>
        <ProgressBar label={t('setup.progressLabel')} value={percent} size="sm" track="line" />
      </div>
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight focus:outline-none">
        {t(titles[step - 1] ?? '')}
      </h1>

      {step === 1 ? (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="sr-only">{t('setup.native.title')}</legend>
          {NATIVE_LANGUAGES.map((code) => {
            const info = getInterfaceLanguage(code);
            return (
              <Choice key={code} name="native" selected={native === code} onSelect={() => setNative(code)}>
                <span aria-hidden="true" className="me-2">
                  {info.flag}
                </span>
                <span lang={code}>{info.nativeName}</span>
              </Choice>
            );
          })}
        </fieldset>
      ) : null}

      {step === 2 ? (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="sr-only">{t('setup.target.title')}</legend>
          {courses
            .filter((course) => course.code !== native)
            .map((course) => (
              <Choice key={course.code} name="target" selected={target === course.code} onSelect={() => setTarget(course.code)}>
                <span aria-hidden="true" className="me-2">
                  {course.flag}
                </span>
                {course.name}
                <span className="block text-sm font-normal text-muted" lang={course.code}>
                  {course.native_name}
                </span>
              </Choice>
            ))}
        </fieldset>
      ) : null}

      {step === 3 ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">{t('setup.level.title')}</legend>
          {PROFICIENCY_LEVELS.map((level) => (
            <Choice key={level} name="proficiency" selected={proficiency === level} onSelect={() => setProficiency(level)}>
              {t(`setup.level.${level}`)}
              <span className="block text-sm font-normal text-muted">{t(`setup.level.${level}.description`)}</span>
            </Choice>
          ))}
        </fieldset>
      ) : null}

      {step === 4 ? (
        <div className="flex flex-col gap-6">
          <ChoiceGroup
            legend={t('setup.styles.legend')}
            name="styles"
            multiple
            columns={2}
            options={LEARNING_STYLES}
            labelOf={(style) => t(`setup.styles.${style}`)}
            selected={styles}
            onChange={setStyles}
          />
          <ChoiceGroup
            legend={t('setup.goals.legend')}
            name="goals"
            multiple
            options={LEARNING_GOALS}
            labelOf={(goal) => t(`setup.goals.${goal}`)}
            selected={goals}
            onChange={setGoals}
          />
        </div>
      ) : null}

      <FormAlert message={error ?? (courseList.isError ? t('setup.loadFailed') : null)} />
      <div className="flex gap-3">
        {step > 1 ? (
          <button type="button" onClick={() => setStep(step - 1)} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            {t('setup.back')}
          </button>
        ) : null}
        <button
          type="button"
          disabled={!canContinue || saving}
          onClick={() => (step < STEPS ? setStep(step + 1) : void complete())}
          className={buttonClasses({ size: 'lg', className: 'flex-1' })}
        >
          {step < STEPS ? t('setup.continue') : saving ? t('common.loading') : t('setup.complete')}
        </button>
      </div>
    </main>
  );
}
