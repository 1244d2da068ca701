import { DAILY_GOAL_XP, MAX_VACATION_DAYS, type Preferences } from '@parla/shared/preferences.schema';
import { daysBetween, type LocalDate, localDate } from '@parla/shared/streak';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Choice } from '@/components/ui/choice';
import { Field } from '@/components/ui/field';
import { LanguageSelect } from '@/components/ui/language-select';
import { Switch } from '@/components/ui/switch';
import { notify } from '@/components/ui/toaster';
import { useSaveInterfaceLanguage } from '@/lib/auth/interface-language';
import { learnerKeys } from '@/lib/auth/learner-keys';
import { useI18n } from '@/lib/i18n/language-context';
import { THEME_PREFERENCES } from '@/lib/theme/theme';
import { useTheme } from '@/lib/theme/theme-provider';
import { type PreferencesChange, useUpdatePreferences } from '../api/settings-api';
import { PushSwitch } from './push-switch';
import { SettingsSection } from './settings-screen';

/** Saves one change at once and says so (a toast, announced politely); a failure says so too. */
function useSave() {
  const { t } = useI18n();
  const update = useUpdatePreferences();
  return {
    pending: update.isPending,
    save: (change: PreferencesChange, onFailure?: () => void) =>
      update.mutate(
        { change, requestId: crypto.randomUUID() },
        {
          onSuccess: () => notify.success(t('settings.saved')),
          onError: () => {
            notify.error(t('settings.saveFailed'));
            onFailure?.();
          },
        },
      ),
  };
}

/** Interface language (spec §4: a manual choice, saved in the profile) and the theme. */
export function AppearanceSection() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const saveLanguage = useSaveInterfaceLanguage();
  const { preference, setPreference } = useTheme();
  return (
    <SettingsSection id="settings-appearance" title={t('settings.appearance.title')}>
      <LanguageSelect
        showLabel
        className="max-w-sm"
        onChosen={async (code) => {
          if (await saveLanguage(code)) void queryClient.invalidateQueries({ queryKey: learnerKeys.preferences });
          else notify.error(t('settings.saveFailed'));
        }}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-muted">{t('a11y.theme.label')}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {THEME_PREFERENCES.map((option) => (
            // The session's theme follower (lib/auth/profile-theme.tsx) saves it in the profile.
            <Choice key={option} name="theme" selected={preference === option} onSelect={() => setPreference(option)}>
              {t(`a11y.theme.${option}`)}
            </Choice>
          ))}
        </div>
      </fieldset>
    </SettingsSection>
  );
}

/** The three channels and the reminder time; push needs the server's keys and this browser's permission. */
export function NotificationsSection({ preferences }: { preferences: Preferences }) {
  const { t } = useI18n();
  const { save } = useSave();
  const reminderId = useId();
  const [reminder, setReminder] = useState(preferences.reminder_time);
  const { notifications } = preferences;
  return (
    <SettingsSection id="settings-notifications" title={t('settings.notifications.title')}>
      <div className="flex flex-col divide-y divide-line">
        <Switch
          label={t('settings.notifications.inApp')}
          description={t('settings.notifications.inApp.description')}
          checked={notifications.in_app}
          onCheckedChange={(checked) => save({ notifications: { in_app: checked } })}
        />
        <Switch
          label={t('settings.notifications.email')}
          description={t('settings.notifications.email.description')}
          checked={notifications.email}
          onCheckedChange={(checked) => save({ notifications: { email: checked } })}
        />
        <PushSwitch preferences={preferences} save={save} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={reminderId} className="text-sm font-semibold">
          {t('settings.reminder.label')}
        </label>
        <input
          id={reminderId}
          type="time"
          required
          value={reminder}
          aria-describedby={`${reminderId}-description`}
          onChange={(event) => setReminder(event.target.value)}
          // Saved when the learner leaves the field, not at each digit typed.
          onBlur={() => {
            if (/^\d{2}:\d{2}$/.test(reminder) && reminder !== preferences.reminder_time)
              save({ reminder_time: reminder }, () => setReminder(preferences.reminder_time));
          }}
          className="h-12 w-40 rounded-2xl border-2 border-line bg-surface px-4 text-base text-fg transition hover:border-brand/60 focus:border-brand"
        />
        <p id={`${reminderId}-description`} className="text-sm text-muted">
          {t('settings.reminder.description')}
        </p>
      </div>
    </SettingsSection>
  );
}

function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

function addDays(date: LocalDate, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}

/** Daily goal, time zone and vacation: what the streak and the day's figures count by. */
export function LearningSection({ preferences }: { preferences: Preferences }) {
  const { t, language } = useI18n();
  const { save, pending } = useSave();
  const [goal, setGoal] = useState(String(preferences.daily_goal_xp));
  const zones = useMemo(() => timeZones(preferences.timezone), [preferences.timezone]);
  const zoneId = useId();
  const goalDescription = useId();
  const today = localDate(new Date(), preferences.timezone);
  const vacation = preferences.vacation;
  const lastDay = addDays((vacation?.start ?? today) as LocalDate, MAX_VACATION_DAYS - 1);
  const [until, setUntil] = useState(vacation?.until ?? addDays(today, 6));
  const untilValid = /^\d{4}-\d{2}-\d{2}$/.test(until) && daysBetween(today, until as LocalDate) >= 0 && until <= lastDay;
  const goalNumber = Number(goal);
  const goalValid = Number.isInteger(goalNumber) && goalNumber >= DAILY_GOAL_XP.min && goalNumber <= DAILY_GOAL_XP.max;
  const formatDate = (date: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

  return (
    <SettingsSection id="settings-learning" title={t('settings.learning.title')}>
      <Field
        label={t('settings.goal.label')}
        type="number"
        inputMode="numeric"
        min={DAILY_GOAL_XP.min}
        max={DAILY_GOAL_XP.max}
        step={5}
        className="max-w-xs"
        value={goal}
        error={goalValid ? undefined : t('settings.goal.invalid', { min: DAILY_GOAL_XP.min, max: DAILY_GOAL_XP.max })}
        {...(goalValid ? { 'aria-describedby': goalDescription } : {})}
        onChange={(event) => setGoal(event.target.value)}
        onBlur={() => {
          if (goalValid && goalNumber !== preferences.daily_goal_xp)
            save({ daily_goal_xp: goalNumber }, () => setGoal(String(preferences.daily_goal_xp)));
        }}
      />
      <p id={goalDescription} className="-mt-2 text-sm text-muted">
        {t('settings.goal.description', { min: DAILY_GOAL_XP.min, max: DAILY_GOAL_XP.max })}
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={zoneId} className="text-sm font-semibold">
          {t('settings.timezone.label')}
        </label>
        <select
          id={zoneId}
          value={preferences.timezone}
          aria-describedby={`${zoneId}-description`}
          onChange={(event) => save({ timezone: event.target.value })}
          className="h-12 w-full max-w-sm rounded-2xl border-2 border-line bg-surface px-4 text-base text-fg transition hover:border-brand/60 focus:border-brand"
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <p id={`${zoneId}-description`} className="text-sm text-muted">
          {t('settings.timezone.description')}
        </p>
      </div>

      <fieldset className="flex flex-col gap-3 border-t border-line pt-4">
        <legend className="float-start w-full text-lg font-bold">{t('settings.vacation.title')}</legend>
        <p className="text-sm text-muted">{t('settings.vacation.description', { days: MAX_VACATION_DAYS })}</p>
        {vacation ? (
          <p className="font-semibold" data-testid="vacation-active">
            {t('settings.vacation.active', { start: formatDate(vacation.start), until: formatDate(vacation.until) })}
          </p>
        ) : null}
        <div className="flex flex-wrap items-end gap-3">
          <Field
            label={t('settings.vacation.until')}
            type="date"
            min={today}
            max={lastDay}
            value={until}
            className="w-56"
            onChange={(event) => setUntil(event.target.value)}
          />
          <button
            type="button"
            disabled={!untilValid || pending || until === vacation?.until}
            onClick={() => save({ vacation_until: until })}
            className={buttonClasses({ variant: vacation ? 'secondary' : 'primary' })}
          >
            {vacation ? t('settings.save') : t('settings.vacation.start')}
          </button>
          {vacation ? (
            <button
              type="button"
              disabled={pending}
              onClick={() => save({ vacation_until: null })}
              className={buttonClasses({ variant: 'ghost' })}
            >
              {t('settings.vacation.end')}
            </button>
          ) : null}
        </div>
      </fieldset>
    </SettingsSection>
  );
}
