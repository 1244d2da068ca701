import { clsx } from 'clsx';
import type { ReactNode } from 'react';

const TONES = {
  neutral: 'bg-surface-muted text-fg',
  /** Something still on its way. */
  muted: 'bg-surface-muted text-muted',
  brand: 'bg-brand-soft text-brand-text',
  /** On the brand colour itself: the strongest mark (the current course). */
  solid: 'bg-brand text-on-brand',
  accent: 'bg-accent/15 text-fg',
  success: 'bg-success-soft text-success',
  danger: 'bg-danger-soft text-danger',
  /** XP and medium difficulty. */
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-500/20 dark:text-amber-100',
  /** The streak. */
  orange: 'bg-orange-100 text-orange-800 dark:bg-orange-500/20 dark:text-orange-200',
} as const;

const SIZES = {
  sm: 'gap-1 px-2.5 py-1 text-xs',
  md: 'gap-1.5 px-3 py-1.5 text-sm',
  lg: 'gap-2 px-4 py-1.5 text-base',
} as const;

export type ChipTone = keyof typeof TONES;

/** A small rounded label: a figure with its icon, a badge, a tag. `as="li"` inside a list of them. */
export function Chip({
  as: Element = 'span',
  tone = 'neutral',
  size = 'md',
  icon,
  className,
  children,
}: {
  as?: 'span' | 'li' | 'p';
  tone?: ChipTone;
  size?: keyof typeof SIZES;
  icon?: ReactNode;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Element className={clsx('inline-flex w-fit items-center rounded-full font-bold', TONES[tone], SIZES[size], className)}>
      {icon}
      {children}
    </Element>
  );
}
