import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { useId, useState } from 'react';
import { useI18n } from '@/lib/i18n/language-context';

const control =
  'h-12 w-full rounded-2xl border-2 border-line bg-surface ps-4 pe-12 text-base text-fg transition hover:border-brand/60 focus:border-brand aria-[invalid=true]:border-danger';

/** A password input with a show/hide toggle that keeps its own accessible name and state. */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  invalid,
  describedBy,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
  invalid?: boolean;
  describedBy?: string | undefined;
}) {
  const { t } = useI18n();
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={control}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-label={visible ? t('auth.password.hide') : t('auth.password.show')}
          className="absolute inset-y-0 end-1 my-auto flex size-10 items-center justify-center rounded-full text-muted hover:bg-surface-muted hover:text-fg"
        >
          {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </button>
      </div>
    </div>
  );
}
