import { clsx } from 'clsx';
import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

const control =
  'w-full rounded-2xl border-2 border-line bg-surface px-4 py-3 text-base text-fg placeholder:text-muted/80 transition ' +
  'hover:border-brand/60 focus:border-brand aria-[invalid=true]:border-danger';

type FieldProps = { label: string; error?: string | undefined; className?: string } & (
  | ({ multiline?: false } & InputHTMLAttributes<HTMLInputElement>)
  | ({ multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>)
);

/** A labelled input or textarea whose error is announced and tied to it (aria-describedby). */
export function Field({ label, error, className, ...props }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const shared = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {props.multiline ? (
        <textarea {...shared} {...withoutMultiline(props)} className={clsx(control, 'min-h-32 resize-y')} />
      ) : (
        <input {...shared} {...withoutMultiline(props)} className={clsx(control, 'h-12')} />
      )}
      {error ? (
        <p id={errorId} className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function withoutMultiline<T extends { multiline?: boolean }>(props: T): Omit<T, 'multiline'> {
  const { multiline: _multiline, ...rest } = props;
  return rest;
}
