import { clsx } from 'clsx';
import Check from 'lucide-react/icons/check';
import type { ReactNode } from 'react';

/** A native radio or checkbox (arrow keys, Space, form semantics) drawn as a large tile. */
export function Choice({
  name,
  selected,
  onSelect,
  children,
  multiple,
}: {
  name: string;
  selected: boolean;
  onSelect(): void;
  children: ReactNode;
  multiple?: boolean;
}) {
  return (
    <label
      className={clsx(
        'flex min-h-14 w-full cursor-pointer items-center gap-3 rounded-2xl border-2 px-4 py-3 text-start font-semibold transition',
        'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
        selected ? 'border-brand bg-brand-soft text-brand-text' : 'border-line bg-surface hover:border-brand/60',
      )}
    >
      <input type={multiple ? 'checkbox' : 'radio'} name={name} checked={selected} onChange={onSelect} className="sr-only" />
      <span className="flex-1">{children}</span>
      {selected ? <Check aria-hidden="true" className="size-5 shrink-0" /> : null}
    </label>
  );
}

/**
 * A labelled group of tiles: one value (radios) or several (`multiple`, checkboxes). Setup and the
 * settings screen ask for the same profile fields with it.
 */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  labelOf,
  selected,
  onChange,
  multiple = false,
  columns = 3,
  compact = false,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  labelOf(option: T): ReactNode;
  selected: readonly T[];
  onChange(next: T[]): void;
  multiple?: boolean;
  columns?: 2 | 3;
  /** A smaller legend, for a group among several on one long page. */
  compact?: boolean;
}) {
  const choose = (option: T) => {
    if (!multiple) return onChange([option]);
    onChange(selected.includes(option) ? selected.filter((entry) => entry !== option) : [...selected, option]);
  };
  return (
    <fieldset className={clsx('flex flex-col', compact ? 'gap-2' : 'gap-3')}>
      <legend className={compact ? 'mb-1 text-sm font-semibold' : 'mb-2 font-semibold'}>{legend}</legend>
      <div className={clsx('grid gap-3', columns === 2 ? 'sm:grid-cols-2' : 'sm:grid-cols-3')}>
        {options.map((option) => (
          <Choice
            key={option}
            name={name}
            multiple={multiple}
            selected={selected.includes(option)}
            onSelect={() => choose(option)}
          >
            {labelOf(option)}
          </Choice>
        ))}
      </div>
    </fieldset>
  );
}
