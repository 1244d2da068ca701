import * as RadixSwitch from '@radix-ui/react-switch';
import { useId } from 'react';

interface SwitchProps {
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange?(checked: boolean): void;
  disabled?: boolean;
}

/** A labelled on/off switch (a real checkbox role for assistive technology). */
export function Switch({ label, description, checked, onCheckedChange, disabled }: SwitchProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-2">
      <div className="min-w-0">
        <label htmlFor={id} className="block text-base font-semibold">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-sm text-muted">
            {description}
          </p>
        ) : null}
      </div>
      <RadixSwitch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        {...(onCheckedChange ? { onCheckedChange } : {})}
        {...(description ? { 'aria-describedby': `${id}-description` } : {})}
        className="relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent bg-slate-500 transition data-[state=checked]:bg-brand disabled:cursor-not-allowed disabled:opacity-70 dark:bg-slate-600"
      >
        <RadixSwitch.Thumb className="block size-6 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5 rtl:data-[state=checked]:-translate-x-5" />
      </RadixSwitch.Root>
    </div>
  );
}
