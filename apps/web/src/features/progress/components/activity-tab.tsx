import type { ProgressWeeklyResponse } from '@parla/shared/progress.schema';
import { clsx } from 'clsx';
import BookOpen from 'lucide-react/icons/book-open';
import { RetryPanel } from '@/components/ui/retry-panel';
import { StatCard } from '@/components/ui/stat-card';
import { TabSkeleton } from '@/components/ui/tab-skeleton';
import { useI18n } from '@/lib/i18n/language-context';
import { useProgressWeekly } from '../api/get-progress-weekly';
import { barPercent, dayOf } from '../progress-rules';

/**
 * Spec §9's weekly bars: XP per day, scaled to the best day. The SVG only draws (hidden from
 * assistive technology); the figures are the visible labels around it and a table for screen
 * readers. Oldest day first, in the reading direction (mirrored right to left).
 */
function WeeklyBars({ weekly }: { weekly: ProgressWeeklyResponse }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language);
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  const longDay = new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const today = weekly.days.at(-1)?.date;
  const slot = 100 / weekly.days.length;

  return (
    <figure className="flex flex-col gap-2" aria-labelledby="progress-week-caption">
      <figcaption id="progress-week-caption" className="sr-only">
        {t('progress.activity.chart')}
      </figcaption>
      <div aria-hidden="true" className="grid grid-cols-7 text-center text-xs font-bold text-muted">
        {weekly.days.map((day) => (
          <span key={day.date} className={clsx(day.xp > 0 && 'text-fg')}>
            {number.format(day.xp)}
          </span>
        ))}
      </div>
      <svg aria-hidden="true" className="h-40 w-full rtl:-scale-x-100" data-testid="weekly-bars">
        <line x1="0" x2="100%" y1="100%" y2="100%" className="stroke-line" strokeWidth="2" />
        {weekly.days.map((day, index) => {
          const height = barPercent(day.xp, weekly.max_xp);
          return (
            <rect
              key={day.date}
              x={`${index * slot + slot * 0.2}%`}
              width={`${slot * 0.6}%`}
              y={`${100 - height}%`}
              height={`${height}%`}
              rx="6"
              className={day.date === today ? 'fill-brand' : 'fill-brand/60'}
            />
          );
        })}
      </svg>
      <div aria-hidden="true" className="grid grid-cols-7 text-center text-xs">
        {weekly.days.map((day) => (
          <span key={day.date} className="flex flex-col items-center gap-0.5">
            <span className={clsx('font-semibold', day.date === today ? 'text-brand-text' : 'text-muted')}>
              {day.date === today ? t('progress.activity.today') : weekday.format(dayOf(day.date))}
            </span>
            {day.lessons > 0 ? (
              <span className="flex items-center gap-0.5 text-muted">
                <BookOpen aria-hidden="true" className="size-3" />
                {number.format(day.lessons)}
              </span>
            ) : null}
          </span>
        ))}
      </div>
      {/* A table keeps its content width: the wrapper is what is clipped out of sight. */}
      <div className="sr-only">
        <table>
          <caption>{t('progress.activity.chart')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('progress.activity.day')}</th>
              <th scope="col">{t('progress.activity.xp')}</th>
              <th scope="col">{t('progress.activity.lessons')}</th>
              <th scope="col">{t('progress.activity.practices')}</th>
            </tr>
          </thead>
          <tbody>
            {weekly.days.map((day) => (
              <tr key={day.date}>
                <th scope="row">
                  {day.date === today ? `${t('progress.activity.today')}, ` : ''}
                  {longDay.format(dayOf(day.date))}
                </th>
                <td>{number.format(day.xp)}</td>
                <td>{number.format(day.lessons)}</td>
                <td>{number.format(day.practices)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** Spec §2 Activity: the last seven local days' XP and lessons, with the week's totals. */
export function ActivityTab() {
  const { t, language } = useI18n();
  const weekly = useProgressWeekly();
  const number = new Intl.NumberFormat(language);
  if (weekly.isError)
    return (
      <RetryPanel message={t('progress.loadFailed')} retryLabel={t('progress.retry')} onRetry={() => void weekly.refetch()} />
    );
  if (!weekly.data) return <TabSkeleton heights={['h-64', 'h-24']} />;
  const practices = weekly.data.days.reduce((sum, day) => sum + day.practices, 0);
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="progress-week"
        className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-5 shadow-sm"
      >
        <h2 id="progress-week" className="text-lg font-bold">
          {t('progress.activity.title')}
        </h2>
        <WeeklyBars weekly={weekly.data} />
        {weekly.data.total_xp === 0 && practices === 0 ? (
          <p className="rounded-2xl bg-surface-muted p-4 text-sm">{t('progress.activity.empty')}</p>
        ) : null}
      </section>
      <dl className="grid grid-cols-3 gap-3">
        <StatCard label={t('progress.activity.weekXp')}>{number.format(weekly.data.total_xp)}</StatCard>
        <StatCard label={t('progress.activity.lessons')}>{number.format(weekly.data.total_lessons)}</StatCard>
        <StatCard label={t('progress.activity.practices')}>{number.format(practices)}</StatCard>
      </dl>
    </div>
  );
}
