import CircleAlert from 'lucide-react/icons/circle-alert';
import { useI18n } from '@/lib/i18n/language-context';
import type { FormFailure } from '../api/submit-forms';

/** The server's answer to a failed submit, next to the form (role=alert so it is announced). */
export function FormFailureMessage({ failure }: { failure: FormFailure | null }) {
  const { t } = useI18n();
  if (!failure) return null;
  let text = failure.message ?? t('forms.error.network');
  if (failure.code === 'rate_limited' && failure.retryAfterSeconds !== undefined) {
    text = `${text} ${t('forms.error.retryAfter', { seconds: failure.retryAfterSeconds })}`;
  }
  return (
    <p role="alert" className="flex items-start gap-2 rounded-2xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {text}
    </p>
  );
}
