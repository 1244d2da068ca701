// Shown before any translation file has arrived, so its text cannot come from one: it is the
// spec's literal wording (§2).
export const LOADING_TRANSLATIONS_TEXT = 'Loading translations...';

/** A spinner and a message, filling the screen, or the height `className` gives (inside a frame). */
export function LoadingScreen({
  message = LOADING_TRANSLATIONS_TEXT,
  className = 'min-h-screen',
}: {
  message?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex flex-col items-center justify-center gap-4 p-6 text-muted ${className}`}
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-soft border-t-brand motion-reduce:animate-none"
      />
      <p className="text-base">{message}</p>
    </div>
  );
}
