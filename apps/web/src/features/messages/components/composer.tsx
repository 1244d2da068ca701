import Send from 'lucide-react/icons/send';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useI18n } from '@/lib/i18n/language-context';
import { COUNTER_FROM, MESSAGE_MAX_LENGTH, type SendFailure, sendableText } from '../messages-rules';

function failureText(t: ReturnType<typeof useI18n>['t'], failure: SendFailure): string {
  switch (failure.kind) {
    case 'rate-limited':
      return failure.seconds === undefined
        ? t('messages.error.rateLimitedSoon')
        : t('messages.error.rateLimited', { seconds: Math.max(1, failure.seconds) });
    case 'invalid':
      return t('messages.error.invalid');
    case 'network':
      return t('messages.error.network');
    default:
      return t('messages.error.failed');
  }
}

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line; 1 to 1,000 characters after
 * trimming, with a counter from 900 on. The same text sent again after a failure keeps its request
 * id, so a send the server did store is answered again rather than stored twice.
 */
export function Composer({
  onSend,
  pending,
  failure,
}: {
  /** Resolves true once the server stored the message. */
  onSend(text: string, requestId: string): Promise<boolean>;
  pending: boolean;
  failure: SendFailure | null;
}) {
  const { t, dir } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState('');
  const attempt = useRef<{ text: string; requestId: string } | null>(null);
  const length = draft.trim().length;
  const text = sendableText(draft);
  const over = length - MESSAGE_MAX_LENGTH;

  async function submit() {
    if (!text || pending) return;
    const requestId = attempt.current?.text === text ? attempt.current.requestId : crypto.randomUUID();
    attempt.current = { text, requestId };
    if (await onSend(text, requestId)) {
      attempt.current = null;
      setDraft('');
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2">
      {failure ? (
        <p role="alert" className="rounded-2xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger">
          {failureText(t, failure)}
        </p>
      ) : null}
      <label htmlFor={id} className="sr-only">
        {t('messages.composer.label')}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          // Typed text takes its own direction; the placeholder, the interface's.
          dir={draft ? 'auto' : dir}
          placeholder={t('messages.composer.placeholder')}
          aria-describedby={`${id}-hint ${id}-count`}
          aria-invalid={over > 0 ? true : undefined}
          className="field-sizing-content max-h-40 min-h-12 w-full resize-none rounded-3xl border-2 border-line bg-surface px-4 py-2.5 text-base text-fg transition placeholder:text-muted/80 hover:border-brand/60 focus:border-brand aria-[invalid=true]:border-danger"
        />
        <button
          type="submit"
          disabled={!text || pending}
          aria-busy={pending || undefined}
          className="grid size-12 shrink-0 place-items-center rounded-full bg-brand text-on-brand shadow-[0_4px_0_0_var(--brand-strong)] transition hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-60 motion-safe:active:scale-[0.98]"
        >
          <Send aria-hidden="true" className="size-5 shrink-0 rtl:-scale-x-100" />
          <span className="sr-only">{t('messages.composer.send')}</span>
        </button>
      </div>
      <div className="flex justify-between gap-3 px-2 text-xs text-muted">
        <span id={`${id}-hint`}>{t('messages.composer.hint')}</span>
        <span id={`${id}-count`} className={over > 0 ? 'font-semibold text-danger' : undefined}>
          {over > 0
            ? t('messages.composer.tooLong', { count: over })
            : length >= COUNTER_FROM
              ? t('messages.composer.remaining', { count: MESSAGE_MAX_LENGTH - length })
              : null}
        </span>
      </div>
    </form>
  );
}
