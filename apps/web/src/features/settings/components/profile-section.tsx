import { NATIVE_LANGUAGES, type NativeLanguage } from '@parla/shared/content.schema';
import { getInterfaceLanguage } from '@parla/shared/languages';
import { type GetMeResponse, LEARNING_GOALS, LEARNING_STYLES, PROFICIENCY_LEVELS } from '@parla/shared/users.schema';
import { type FormEvent, useId, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { ChoiceGroup } from '@/components/ui/choice';
import { Field } from '@/components/ui/field';
import { notify } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/language-context';
import { useUpdateProfile } from '../api/settings-api';
import { SettingsSection } from './settings-screen';

type Profile = GetMeResponse['profile'];

/** The setup's fields (native language, level, learning styles, goals) and the name, saved together. */
export function ProfileSection({ me }: { me: GetMeResponse }) {
  const { t } = useI18n();
  const update = useUpdateProfile();
  const nativeId = useId();
  const [name, setName] = useState(me.user.full_name);
  const [native, setNative] = useState<NativeLanguage>(me.profile.native_language);
  const [proficiency, setProficiency] = useState<Profile['proficiency']>(me.profile.proficiency);
  const [styles, setStyles] = useState<Profile['learning_styles']>(me.profile.learning_styles);
  const [goals, setGoals] = useState<Profile['goals']>(me.profile.goals);
  const [error, setError] = useState<string | null>(null);
  const nameMissing = name.trim() === '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (nameMissing || styles.length === 0) return;
    setError(null);
    update.mutate(
      {
        change: { full_name: name.trim(), native_language: native, proficiency, learning_styles: styles, goals },
        requestId: crypto.randomUUID(),
      },
      {
        onSuccess: () => notify.success(t('settings.profile.saved')),
        // The server's own words for what it refused (a native language equal to the course, say).
        onError: (failure) =>
          setError(failure instanceof ApiError && failure.status === 400 ? failure.message : t('settings.saveFailed')),
      },
    );
  }

  return (
    <SettingsSection id="settings-profile" title={t('settings.profile.title')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <Field
          label={t('settings.profile.name')}
          autoComplete="name"
          dir="auto"
          className="max-w-sm"
          value={name}
          maxLength={100}
          error={nameMissing ? t('settings.profile.nameRequired') : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={nativeId} className="text-sm font-semibold">
            {t('settings.profile.native')}
          </label>
          <select
            id={nativeId}
            value={native}
            onChange={(event) => setNative(event.target.value as NativeLanguage)}
            className="h-12 w-full max-w-sm rounded-2xl border-2 border-line bg-surface px-4 text-base text-fg transition hover:border-brand/60 focus:border-brand"
          >
            {/* The course's language cannot be the native one (the server says so too). */}
            {NATIVE_LANGUAGES.filter((code) => code !== me.profile.target_language).map((code) => {
              const info = getInterfaceLanguage(code);
              return (
                <option key={code} value={code} lang={code}>
                  {`${info.flag} ${info.nativeName}`}
                </option>
              );
            })}
          </select>
        </div>
        <ChoiceGroup
          compact
          legend={t('settings.profile.level')}
          name="proficiency"
          options={PROFICIENCY_LEVELS}
          labelOf={(level) => t(`setup.level.${level}`)}
          selected={[proficiency]}
          onChange={([level]) => setProficiency(level ?? proficiency)}
        />
        <ChoiceGroup
          compact
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
          compact
          legend={t('setup.goals.legend')}
          name="goals"
          multiple
          options={LEARNING_GOALS}
          labelOf={(goal) => t(`setup.goals.${goal}`)}
          selected={goals}
          onChange={setGoals}
        />
        {error ? (
          <p role="alert" className="font-semibold text-danger">
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={update.isPending || nameMissing || styles.length === 0}
          className={buttonClasses({ className: 'self-start' })}
        >
          {update.isPending ? t('common.loading') : t('settings.profile.save')}
        </button>
      </form>
    </SettingsSection>
  );
}
