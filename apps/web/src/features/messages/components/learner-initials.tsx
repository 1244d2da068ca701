/** Up to two initials of a name ("Ana García" → "AG"), on the brand's soft colour; decorative. */
export function LearnerInitials({ name }: { name: string }) {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  const initials = picked
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toLocaleUpperCase();
  return (
    <span
      aria-hidden="true"
      className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-soft text-sm font-bold text-brand-text"
    >
      {initials || '?'}
    </span>
  );
}
