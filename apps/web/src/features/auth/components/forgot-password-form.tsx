import MailCheck from 'lucide-react/icons/mail-check';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { requestPasswordReset } from '../api/auth-api';
import { looksLikeEmail } from '../validate-auth-form';
import { waitPhrase } from '../wait-phrase';
import { AuthCard } from './auth-card';

/** Spec §2/§4: the e-mail form, then the confirmation with tips, resend and back to sign-in. */
export function ForgotPasswordForm() {
  const { t, language } = useI18n();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [resent, setResent] = useState(false);

  async function send(address: string): Promise<boolean> {
    setSending(true);
    setError(null);
    try {
      await requestPasswordReset(address);
      return true;
    } catch (caught) {
      // A 429 means nothing was sent: say so, and when another e-mail can be asked for.
      if (caught instanceof ApiError && caught.status === 429 && caught.retryAfterSeconds !== undefined)
        setError(t('auth.forgot.resendWait', { when: waitPhrase(caught.retryAfterSeconds, language) }));
      else setError(t('auth.resetEmailError'));
      return false;
    } finally {
      setSending(false);
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (email.trim() === '') return setError(t('auth.emailRequired'));
    if (!looksLikeEmail(email)) return setError(t('auth.emailInvalid'));
    if (await send(email.trim())) setSentTo(email.trim());
  }

  if (sentTo) {
    return (
      <AuthCard title={t('auth.forgot.sentTitle')}>
        <div className="flex flex-col gap-4">
          <MailCheck aria-hidden="true" className="size-12 text-success" />
          <p role="status">{t('auth.forgot.sentTo', { email: sentTo })}</p>
          <ul className="list-disc ps-5 text-sm text-muted">
            <li>{t('auth.forgot.tipSpam')}</li>
            <li>{t('auth.forgot.tipAddress')}</li>
            <li>{t('auth.forgot.tipResend')}</li>
          </ul>
          {error ? (
            <p role="alert" className="text-sm font-semibold text-danger">
              {error}
            </p>
          ) : null}
          {resent ? <p className="text-sm font-semibold text-success">{t('auth.forgot.resent')}</p> : null}
          <button
            type="button"
            disabled={sending}
            onClick={async () => {
              setResent(false);
              setResent(await send(sentTo));
            }}
            className={buttonClasses({ variant: 'secondary', className: 'w-full' })}
          >
            {t('auth.forgot.resend')}
          </button>
          <Link to={paths.login} className={buttonClasses({ variant: 'ghost', className: 'w-full' })}>
            {t('auth.forgot.back')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error ?? undefined}
        />
        <button type="submit" disabled={sending} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          {sending ? t('common.loading') : t('auth.forgot.submit')}
        </button>
        <Link to={paths.login} className={buttonClasses({ variant: 'ghost', className: 'w-full' })}>
          {t('auth.forgot.back')}
        </Link>
      </form>
    </AuthCard>
  );
}
