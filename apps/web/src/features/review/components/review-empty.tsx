import type { DueCardsResponse } from '@parla/shared/practice.schema';
import CalendarCheck from 'lucide-react/icons/calendar-check';
import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "in 5 minutes", "in 3 hours", "tomorrow": the largest whole unit, in the interface language. */
export function relativeTime(target: Date, now: Date, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const ms = target.getTime() - now.getTime();
  for (const [unit, size] of UNITS) {
    if (Math.abs(ms) >= size) return format.format(Math.round(ms / size), unit);
  }
  return format.format(Math.max(1, Math.ceil(ms / 60_000)), 'minute');
}

/** Nothing due: what that means, and when the next word will be due (or how the deck fills). */
export function ReviewEmpty({ deck, onDue }: { deck: DueCardsResponse; onDue(): void }) {
  const { t, language } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  const [now, setNow] = useState(() => new Date());
  const next = deck.next_due ? new Date(deck.next_due) : null;
  useEffect(() => {
    heading.current?.focus();
  }, []);
  // The relative time stays true while the screen is open; once the next word is due, look again.
  const waiting = next !== null;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, [waiting]);
  const isDue = next !== null && next.getTime() <= now.getTime();
  useEffect(() => {
    if (isDue) onDue();
  }, [isDue, onDue]);

  return (
    <section
      aria-labelledby="review-empty"
      className="flex flex-col items-center gap-4 rounded-3xl border border-line bg-surface p-8 text-center shadow-sm"
    >
      <CalendarCheck aria-hidden="true" className="size-12 text-success" />
      <h1 id="review-empty" ref={heading} tabIndex={-1} className="text-2xl font-extrabold tracking-tight">
        {t('review.empty.title')}
      </h1>
      {next ? (
        <>
          <p className="text-lg text-muted">{t('review.empty.body')}</p>
          <p className="text-lg font-semibold">
            {t('review.empty.next', { when: relativeTime(next, now, language) })}{' '}
            <time dateTime={next.toISOString()} className="font-normal text-muted">
              ({new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(next)})
            </time>
          </p>
        </>
      ) : (
        <p className="text-lg text-muted">{t('review.empty.noCards')}</p>
      )}
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to={paths.app.dashboard} className={buttonClasses({ size: 'lg' })}>
          {t('review.back')}
        </Link>
        <Link to={paths.app.learn} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          {t('review.empty.learn')}
        </Link>
      </div>
    </section>
  );
}
