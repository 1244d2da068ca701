import type { ReactNode } from 'react';
import { BrandLogo } from '@/components/ui/brand-logo';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';

/** The frame of the account screens: logo home link, a card, and the page's one heading. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-10">
      <Link to={paths.home} className="rounded-full focus-visible:outline-none">
        <BrandLogo />
      </Link>
      <section className="w-full max-w-md rounded-3xl border border-line bg-surface p-6 shadow-xl sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {subtitle ? <p className="mt-1 text-muted">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </section>
    </main>
  );
}

export function FormAlert({ message, tone = 'danger' }: { message: string | null; tone?: 'danger' | 'success' }) {
  if (!message) return null;
  return (
    <p
      role={tone === 'danger' ? 'alert' : 'status'}
      className={
        tone === 'danger'
          ? 'rounded-2xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger'
          : 'rounded-2xl bg-success-soft px-4 py-3 text-sm font-semibold text-success'
      }
    >
      {message}
    </p>
  );
}
