import { clsx } from 'clsx';

const HEIGHTS = { sm: 'h-2', md: 'h-3', lg: 'h-4' } as const;
const FILLS = {
  brand: 'bg-brand',
  success: 'bg-success',
  /** The learner's level: brand fading into violet. */
  level: 'bg-gradient-to-r from-brand to-violet-500',
} as const;

export interface ProgressBarProps {
  /** The accessible name. */
  label: string;
  /** How far along, from 0 to `max`; none for a wait of unknown length (an indeterminate bar). */
  value?: number | undefined;
  max?: number;
  /** What a screen reader says instead of the bare number ("2 of 9"). */
  valueText?: string | undefined;
  size?: keyof typeof HEIGHTS;
  tone?: keyof typeof FILLS;
  /** The track's colour: the muted surface, or the line colour where it sits on a surface of that colour. */
  track?: 'muted' | 'line';
  /** Layout from the caller (flex-1, a margin). */
  className?: string | undefined;
}

/** A horizontal progress bar with its ARIA (role, range, name), used for every progress the app shows. */
export function ProgressBar({
  label,
  value,
  max = 100,
  valueText,
  size = 'md',
  tone = 'brand',
  track = 'muted',
  className,
}: ProgressBarProps) {
  const indeterminate = value === undefined;
  const percent = indeterminate || max <= 0 ? 0 : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={indeterminate ? undefined : 0}
      aria-valuemax={indeterminate ? undefined : max}
      aria-valuenow={indeterminate ? undefined : value}
      aria-valuetext={valueText}
      className={clsx(
        'overflow-hidden rounded-full',
        HEIGHTS[size],
        track === 'line' ? 'bg-line' : 'bg-surface-muted',
        className,
      )}
    >
      <div
        className={clsx(
          'h-full rounded-full',
          FILLS[tone],
          indeterminate ? 'w-1/3 motion-safe:animate-pulse' : 'motion-safe:transition-[width] motion-safe:duration-500',
        )}
        style={indeterminate ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}
