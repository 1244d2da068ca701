import { type FormEvent, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { useI18n } from '@/lib/i18n/language-context';
import { useNavigate } from '@/lib/router';
import { changePassword, signOutEverywhere } from '../api/settings-api';
import { SettingsSection } from './settings-screen';

/** Password change (other sessions end), sign out everywhere (this one too) and log out. */
export function AccountSection() {
  const { t } = useI18n();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setBusy(true);
    try {
      await changePassword({ current_password: current, new_password: next });
      setCurrent('');
      setNext('');
      notify.success(t('settings.password.changed'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'current_password_incorrect')
        setErrors({ current: t('settings.password.incorrect') });
      else if (error instanceof ApiError && error.details?.some((detail) => detail.path === 'body.new_password'))
        setErrors({ next: t('settings.password.weak') });
      else setErrors({ form: t('settings.password.failed') });
    } finally {
      setBusy(false);
    }
  }

  async function endSession(everywhere: boolean) {
    setBusy(true);
    // Ending every session may fail (offline); signing out here still happens.
    if (everywhere) await signOutEverywhere().catch(() => undefined);
    await logout();
    navigate(paths.home, { replace: true });
  }

  return (
    <SettingsSection id="settings-account" title={t('settings.account.title')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby="settings-password">
        <h3 id="settings-password" className="text-lg font-bold">
          {t('settings.password.title')}
        </h3>
        <Field
          label={t('settings.password.current')}
          type="password"
          autoComplete="current-password"
          className="max-w-sm"
          value={current}
          error={errors.current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <Field
          label={t('settings.password.new')}
          type="password"
          autoComplete="new-password"
          className="max-w-sm"
          value={next}
          error={errors.next}
          onChange={(event) => setNext(event.target.value)}
        />
        {errors.form ? (
          <p role="alert" className="font-semibold text-danger">
            {errors.form}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy || current === '' || next === ''}
          className={buttonClasses({ variant: 'secondary', className: 'self-start' })}
        >
          {t('settings.password.title')}
        </button>
      </form>
      <div className="flex flex-col gap-3 border-t border-line pt-4">
        <p className="text-sm text-muted">{t('settings.signOutEverywhere.description')}</p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            disabled={busy}
            onClick={() => void endSession(true)}
            className={buttonClasses({ variant: 'outline' })}
          >
            {t('settings.signOutEverywhere')}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void endSession(false)}
            className={buttonClasses({ variant: 'primary' })}
          >
            {t('settings.logout')}
          </button>
        </div>
      </div>
    </SettingsSection>
  );
}
