import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';

/** A centred full-screen message (daily limit, errors) whose heading takes the focus. */
export function LessonMessage({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-canvas px-4 py-10">
      <div className="flex w-full max-w-md flex-col items-center gap-5 rounded-3xl border border-line bg-surface p-8 text-center shadow-sm motion-safe:animate-rise">
        <div aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-brand-soft text-3xl">
          {icon}
        </div>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
          {title}
        </h1>
        {children}
      </div>
    </main>
  );
}
