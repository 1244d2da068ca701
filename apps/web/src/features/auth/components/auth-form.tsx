import { isNativeLanguage } from '@parla/shared/content.schema';
import { useEffect, useId, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { useMe } from '@/lib/auth/get-me';
import { useI18n } from '@/lib/i18n/language-context';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { type AuthFormValues, type AuthMode, validateAuthForm } from '../validate-auth-form';
import { waitPhrase } from '../wait-phrase';
import { AuthCard, FormAlert } from './auth-card';
import { PasswordField } from './password-field';
import { PasswordStrength } from './password-strength';
import { SocialButtons } from './social-buttons';

const EMPTY: AuthFormValues = { email: '', password: '', fullName: '', confirmPassword: '' };
// Server codes with a message of their own; anything else is the spec's generic failure.
const SERVER_MESSAGES: Record<string, string> = {
  email_taken: 'auth.errors.emailTaken',
  password_too_common: 'auth.errors.passwordTooCommon',
  rate_limited: 'auth.errors.rateLimited',
};
const OAUTH_MESSAGES: Record<string, string> = {
  account_exists: 'auth.errors.oauthAccountExists',
  email_missing: 'auth.errors.oauthEmailMissing',
  access_denied: 'auth.errors.oauthDenied',
  oauth_failed: 'auth.errors.oauthFailed',
};

/** Sign-in and create-account in one form (spec §2/§4/§5); the mode follows the URL. */
export function AuthForm({ mode }: { mode: AuthMode }) {
  const { t, language } = useI18n();
  const auth = useAuth();
  const profile = useMe().data?.profile;
  const navigate = useNavigate();
  const searchParams = useSearchParams();
  const [values, setValues] = useState<AuthFormValues>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const strengthId = useId();
  const errorId = useId();

  // Switching between the modes clears every field and the error (spec §4).
  useEffect(() => {
    setValues(EMPTY);
    setError(null);
  }, [mode]);

  // Back from a social sign-in: the session is in the refresh cookie, or a reason is in the URL.
  const oauth = searchParams.get('oauth');
  const oauthError = searchParams.get('oauth_error');
  const sessionEnded = searchParams.get('session') === 'expired';
  const { resume } = auth;
  useEffect(() => {
    if (oauthError) setError(t(OAUTH_MESSAGES[oauthError] ?? 'auth.errors.oauthFailed'));
    else if (sessionEnded) setError(t('auth.errors.sessionExpired'));
    if (oauth === 'success') void resume();
  }, [oauth, oauthError, sessionEnded, resume, t]);

  const set = (field: keyof AuthFormValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const problem = validateAuthForm(mode, values);
    if (problem) {
      setError(t(problem));
      return;
    }
    setSubmitting(true);
    try {
      if (mode === 'login') {
        await auth.login({ username: values.email.trim(), password: values.password });
      } else {
        // The interface language is a good first guess at the native one, when it is a setup language.
        const native = isNativeLanguage(language) ? language : undefined;
        await auth.register({
          username: values.email.trim(),
          password: values.password,
          full_name: values.fullName.trim(),
          ...(native ? { native_language: native } : {}),
        });
      }
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.code : undefined;
      const retryAfter = caught instanceof ApiError ? caught.retryAfterSeconds : undefined;
      // A limit says how long it lasts (Retry-After): the message gives that time, not "a few minutes".
      if (code === 'rate_limited' && retryAfter !== undefined)
        setError(t('auth.errors.rateLimitedUntil', { when: waitPhrase(retryAfter, language) }));
      else if (code && SERVER_MESSAGES[code]) setError(t(SERVER_MESSAGES[code]));
      else setError(t(mode === 'login' ? 'auth.errors.invalidCredentials' : 'auth.errors.signupFailed'));
    } finally {
      setSubmitting(false);
    }
  }

  // Spec §2 navigation flow: a completed profile goes to the dashboard, otherwise to setup.
  useEffect(() => {
    if (auth.isAuthenticated && profile)
      navigate(profile.profile_completed ? paths.app.dashboard : paths.setup, { replace: true });
  }, [auth.isAuthenticated, profile, navigate]);

  const signup = mode === 'signup';
  return (
    <AuthCard
      title={t(signup ? 'auth.signup.title' : 'auth.login.title')}
      subtitle={t(signup ? 'auth.signup.subtitle' : 'auth.login.subtitle')}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-describedby={error ? errorId : undefined}>
        {signup ? (
          <Field
            label={t('auth.fields.fullName')}
            value={values.fullName}
            onChange={(event) => set('fullName')(event.target.value)}
            autoComplete="name"
          />
        ) : null}
        <Field
          label={t('auth.fields.email')}
          type="email"
          value={values.email}
          onChange={(event) => set('email')(event.target.value)}
          autoComplete="email"
          inputMode="email"
        />
        <PasswordField
          label={t('auth.fields.password')}
          value={values.password}
          onChange={set('password')}
          autoComplete={signup ? 'new-password' : 'current-password'}
          describedBy={signup ? strengthId : undefined}
        />
        {signup ? (
          <>
            <PasswordField
              label={t('auth.fields.confirmPassword')}
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
              autoComplete="new-password"
            />
            <PasswordStrength id={strengthId} password={values.password} confirmPassword={values.confirmPassword} />
          </>
        ) : (
          <Link to={paths.forgotPassword} className="self-end text-sm font-semibold text-brand-text hover:underline">
            {t('auth.login.forgot')}
          </Link>
        )}
        <div id={errorId}>
          <FormAlert message={error} />
        </div>
        <button type="submit" disabled={submitting} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          {submitting ? t('common.loading') : t(signup ? 'auth.signup.submit' : 'auth.login.submit')}
        </button>
      </form>
      <div className="mt-6 flex flex-col gap-4">
        <SocialButtons />
        {signup ? (
          <Link to={paths.login} className={buttonClasses({ variant: 'ghost', className: 'w-full' })}>
            {t('auth.signup.backToSignIn')}
          </Link>
        ) : (
          <p className="text-center text-sm text-muted">
            {t('auth.login.noAccount')}{' '}
            <Link to={paths.signup} className="font-semibold text-brand-text hover:underline">
              {t('auth.login.createAccount')}
            </Link>
          </p>
        )}
      </div>
    </AuthCard>
  );
}
