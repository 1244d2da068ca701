import { clsx } from 'clsx';

/** Up to two initials of a name, for its avatar ("Ana García" → "AG"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

const AVATAR_TONES = [
  'bg-indigo-600',
  'bg-violet-600',
  'bg-sky-700',
  'bg-teal-700',
  'bg-emerald-700',
  'bg-amber-700',
  'bg-rose-600',
  'bg-fuchsia-700',
] as const;

/** The same colour for a learner wherever they appear (white initials stay above 4.5:1 on each). */
function avatarToneOf(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_TONES[hash % AVATAR_TONES.length] as string;
}

/** A learner's initials on their own colour, with a green dot when they are online. */
export function LearnerAvatar({
  userId,
  name,
  online = false,
  size = 'md',
}: {
  userId: string;
  name: string;
  online?: boolean | null;
  size?: 'md' | 'lg';
}) {
  return (
    <span aria-hidden="true" className="relative shrink-0">
      <span
        className={clsx(
          'grid place-items-center rounded-full font-bold text-white',
          avatarToneOf(userId),
          size === 'lg' ? 'size-16 text-xl' : 'size-11 text-sm',
        )}
      >
        {initialsOf(name) || '?'}
      </span>
      {online ? (
        <span
          data-testid="online-dot"
          className="absolute -end-0.5 -bottom-0.5 size-3.5 rounded-full border-2 border-surface bg-emerald-500"
        />
      ) : null}
    </span>
  );
}
