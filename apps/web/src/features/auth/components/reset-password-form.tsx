import { PASSWORD_MIN_LENGTH } from '@parla/shared/auth.schema';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/language-context';
import { Link, useSearchParams } from '@/lib/router';
import { confirmPasswordReset } from '../api/auth-api';
import { AuthCard, FormAlert } from './auth-card';
import { PasswordField } from './password-field';

/** Where the e-mailed link lands: choose a new password with the single-use token. */
export function ResetPasswordForm() {
  const { t } = useI18n();
  const params = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    if ([...password].length < PASSWORD_MIN_LENGTH) return setError(t('auth.errors.passwordTooShort'));
    if (confirm !== password) return setError(t('auth.errors.passwordsNoMatch'));
    setSaving(true);
    try {
      await confirmPasswordReset(token, password);
      setDone(true);
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.code : undefined;
      setError(
        t(
          code === 'password_too_common'
            ? 'auth.errors.passwordTooCommon'
            : code === 'rate_limited'
              ? 'auth.errors.rateLimited'
              : 'auth.reset.invalidLink',
        ),
      );
    } finally {
      setSaving(false);
    }
  }

  if (done || !token) {
    return (
      <AuthCard title={t(done ? 'auth.reset.doneTitle' : 'auth.reset.title')}>
        <div className="flex flex-col gap-4">
          <FormAlert message={done ? t('auth.reset.done') : t('auth.reset.invalidLink')} tone={done ? 'success' : 'danger'} />
          <Link to={done ? paths.login : paths.forgotPassword} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
            {t(done ? 'auth.forgot.back' : 'auth.reset.askAgain')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <PasswordField label={t('auth.fields.newPassword')} value={password} onChange={setPassword} autoComplete="new-password" />
        <PasswordField
          label={t('auth.fields.confirmPassword')}
          value={confirm}
          onChange={setConfirm}
          autoComplete="new-password"
        />
        <FormAlert message={error} />
        <button type="submit" disabled={saving} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          {saving ? t('common.loading') : t('auth.reset.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
