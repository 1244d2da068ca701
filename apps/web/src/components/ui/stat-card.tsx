import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * One figure in a description list (<dl>): its label, the value, and an optional detail line.
 * The figures of the dashboard, the lesson summary and the practice results.
 */
export function StatCard({
  label,
  icon,
  detail,
  children,
}: {
  label: string;
  icon?: ReactNode;
  detail?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <dt className={clsx('text-sm font-semibold text-muted', icon ? 'flex items-center gap-2' : null)}>
        {icon}
        {label}
      </dt>
      <dd className="text-2xl font-extrabold tracking-tight">{children}</dd>
      {detail ? <dd className="text-xs text-muted">{detail}</dd> : null}
    </div>
  );
}
