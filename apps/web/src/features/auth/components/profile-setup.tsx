import { NATIVE_LANGUAGES, type NativeLanguage, type TargetLanguage } from '@parla/shared/content.schema';
import { getInterfaceLanguage } from '@parla/shared/languages';
import { LEARNING_GOALS, LEARNING_STYLES, PROFICIENCY_LEVELS } from '@parla/shared/users.schema';
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import Check from 'lucide-react/icons/check';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { setCachedProfile, useMe } from '@/lib/auth/get-me';
import { useCourses } from '@/lib/get-courses';
import { useI18n } from '@/lib/i18n/language-context';
import { useNavigate } from '@/lib/router';
import { updateMyProfile } from '../api/auth-api';
import { FormAlert } from './auth-card';

type Proficiency = (typeof PROFICIENCY_LEVELS)[number];
type Style = (typeof LEARNING_STYLES)[number];
type Goal = (typeof LEARNING_GOALS)[number];
const STEPS = 4;

/** A native radio or checkbox (arrow keys, Space, form semantics) drawn as a large tile. */
function Choice({
  name,
  selected,
  onSelect,
  children,
  multiple,
}: {
  name: string;
  selected: boolean;
  onSelect(): void;
  children: ReactNode;
  multiple?: boolean;
}) {
  return (
    <label
      className={clsx(
        'flex min-h-14 w-full cursor-pointer items-center gap-3 rounded-2xl border-2 px-4 py-3 text-start font-semibold transition',
        'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
        selected ? 'border-brand bg-brand-soft text-brand-text' : 'border-line bg-surface hover:border-brand/60',
      )}
    >
      <input type={multiple ? 'checkbox' : 'radio'} name={name} checked={selected} onChange={onSelect} className="sr-only" />
      <span className="flex-1">{children}</span>
      {selected ? <Check aria-hidden="true" className="size-5 shrink-0" /> : null}
    </label>
  );
}

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
  const toggle = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item]);

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
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 font-semibold">{t('setup.styles.legend')}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {LEARNING_STYLES.map((style) => (
                <Choice
                  key={style}
                  name="styles"
                  multiple
                  selected={styles.includes(style)}
                  onSelect={() => setStyles(toggle(styles, style))}
                >
                  {t(`setup.styles.${style}`)}
                </Choice>
              ))}
            </div>
          </fieldset>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 font-semibold">{t('setup.goals.legend')}</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {LEARNING_GOALS.map((goal) => (
                <Choice
                  key={goal}
                  name="goals"
                  multiple
                  selected={goals.includes(goal)}
                  onSelect={() => setGoals(toggle(goals, goal))}
                >
                  {t(`setup.goals.${goal}`)}
                </Choice>
              ))}
            </div>
          </fieldset>
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
