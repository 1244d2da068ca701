import type { Streak } from '@parla/shared/streak.schema';
import { clsx } from 'clsx';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Snowflake from 'lucide-react/icons/snowflake';
import TreePalm from 'lucide-react/icons/tree-palm';
import type { ReactNode } from 'react';
import { useI18n } from '@/lib/i18n/language-context';

/** A local date ("2026-12-28") as the instant that is that day in UTC, so formatting in UTC never shifts it. */
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);

function useDates() {
  const { language } = useI18n();
  // A vacation lasts at most 14 days from today, so day and month say which day it is.
  const format = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', timeZone: 'UTC' });
  return {
    day: (date: string) => format.format(utcDay(date)),
    range: (start: string, until: string) => format.formatRange(utcDay(start), utcDay(until)),
  };
}

function Line({ icon, children, testId }: { icon: ReactNode; children: ReactNode; testId: string }) {
  return (
    <p className="flex items-start gap-2" data-testid={testId}>
      {icon}
      <span>{children}</span>
    </p>
  );
}

/** One snowflake per freeze the learner could hold; the held ones in colour. The text says the count. */
function FreezeIcons({ held, max, size }: { held: number; max: number; size: string }) {
  return (
    <span aria-hidden="true" className="flex shrink-0 items-center gap-0.5">
      {Array.from({ length: max }, (_, index) => (
        <Snowflake
          key={index}
          className={clsx(size, index < held ? 'text-sky-600 dark:text-sky-300' : 'text-muted opacity-40')}
        />
      ))}
    </span>
  );
}

/**
 * The humane side of the streak (issue 15): the freezes held, a freeze covering a missed day, and
 * the vacation that pauses it. Every state is said in words; the icons only decorate.
 *
 * `compact`: the one line that matters most today, for a figure's detail on the dashboard — the
 * vacation's last day, else the freeze at work, else the freezes held.
 */
export function StreakStatus({ streak, compact = false }: { streak: Streak; compact?: boolean }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language);
  const dates = useDates();
  const freezes = t('progress.streak.freezes', {
    count: number.format(streak.freezes),
    max: number.format(streak.max_freezes),
  });
  const frozen = streak.frozen_days > 0 ? t('progress.streak.frozen', { count: streak.frozen_days }) : null;

  if (compact) {
    if (streak.on_vacation && streak.vacation) {
      return (
        <span className="flex items-center gap-1.5" data-testid="streak-status">
          <TreePalm aria-hidden="true" className="size-3.5 shrink-0" />
          {t('progress.streak.pausedUntil', { date: dates.day(streak.vacation.until) })}
        </span>
      );
    }
    return (
      <span className="flex items-center gap-1.5" data-testid="streak-status">
        {frozen ? (
          <ShieldCheck aria-hidden="true" className="size-3.5 shrink-0 text-sky-600 dark:text-sky-300" />
        ) : (
          <FreezeIcons held={streak.freezes} max={streak.max_freezes} size="size-3.5" />
        )}
        {frozen ?? freezes}
      </span>
    );
  }

  const iconClass = 'mt-0.5 size-4 shrink-0';
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="streak-status">
      <Line testId="streak-freezes" icon={<FreezeIcons held={streak.freezes} max={streak.max_freezes} size="size-4" />}>
        <span className="font-semibold">{freezes}</span>
      </Line>
      {frozen ? (
        <Line
          testId="streak-frozen"
          icon={<ShieldCheck aria-hidden="true" className={clsx(iconClass, 'text-sky-600 dark:text-sky-300')} />}
        >
          {frozen}
        </Line>
      ) : null}
      {streak.vacation ? (
        <Line testId="streak-vacation" icon={<TreePalm aria-hidden="true" className={clsx(iconClass, 'text-success')} />}>
          {streak.on_vacation
            ? t('progress.streak.onVacation', { date: dates.day(streak.vacation.until) })
            : t('progress.streak.vacationPlanned', { dates: dates.range(streak.vacation.start, streak.vacation.until) })}
        </Line>
      ) : null}
    </div>
  );
}
