import { clsx } from 'clsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'outline' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition ' +
  'disabled:cursor-not-allowed disabled:opacity-60 motion-safe:active:scale-[0.98]';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-on-brand shadow-[0_4px_0_0_var(--brand-strong)] hover:bg-brand-strong',
  secondary: 'bg-surface text-fg border border-line shadow-sm hover:bg-surface-muted',
  outline: 'border-2 border-brand text-brand-text hover:bg-brand-soft',
  ghost: 'text-fg hover:bg-surface-muted',
  /** On a brand-coloured band, in either theme. */
  inverse: 'bg-white text-indigo-800 shadow-lg hover:bg-indigo-50',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-4 text-sm',
  md: 'h-11 px-5 text-base',
  lg: 'h-13 px-7 text-lg',
};

/** Classes for anything that looks like a button — a <button> or a router <Link>. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string | undefined;
} = {}): string {
  return clsx(base, variants[variant], sizes[size], className);
}
