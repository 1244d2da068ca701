import { buttonClasses } from './button';

/** Something failed to load: what failed, announced at once, and a button that tries again. */
export function RetryPanel({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry(): void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-3xl border border-line bg-surface p-6">
      <p className="font-semibold">{message}</p>
      <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
