import { clsx } from 'clsx';
import { avatarToneOf, initialsOf } from '../friends-rules';

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
        {initialsOf(name)}
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
