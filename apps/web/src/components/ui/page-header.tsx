import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { buttonClasses } from './button';

/** "← Back": a quiet link to where the learner came from, flush with the content's start. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ms-3 self-start' })}>
      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {children}
    </Link>
  );
}

/**
 * The top of a signed-in screen: an optional back link, the page's one <h1>, a line under it, what
 * goes with the title (`children`: chips, for example) and actions at the end of the row.
 */
export function PageHeader({
  title,
  subtitle,
  back,
  actions,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-3">
      {back ? <BackLink to={back.to}>{back.label}</BackLink> : null}
      <div className="flex items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-3">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
          {subtitle ? <p className="text-lg text-muted">{subtitle}</p> : null}
          {children}
        </div>
        {actions}
      </div>
    </header>
  );
}
