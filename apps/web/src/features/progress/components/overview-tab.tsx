import type { MonthlyGoal, ProgressSummaryResponse } from '@parla/shared/progress.schema';
import { STREAK_FREEZE_EVERY_DAYS } from '@parla/shared/streak';
import type { Streak } from '@parla/shared/streak.schema';
import Award from 'lucide-react/icons/award';
import BookA from 'lucide-react/icons/book-a';
import BookOpen from 'lucide-react/icons/book-open';
import Flame from 'lucide-react/icons/flame';
import Sparkles from 'lucide-react/icons/sparkles';
import TreePalm from 'lucide-react/icons/tree-palm';
import { buttonClasses } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { StatCard } from '@/components/ui/stat-card';
import { StreakStatus } from '@/components/ui/streak-status';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { dayOf } from '../progress-rules';

const GOALS = [
  { id: 'lessons', labelKey: 'progress.goals.lessons' },
  { id: 'xp', labelKey: 'progress.goals.xp' },
  { id: 'streak_days', labelKey: 'progress.goals.streakDays' },
  { id: 'new_words', labelKey: 'progress.goals.newWords' },
] as const;

function GoalRow({ label, goal }: { label: string; goal: MonthlyGoal }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, { style: 'percent' }).format(goal.percent / 100);
  const value = t('progress.goals.value', { current: number.format(goal.current), target: number.format(goal.target) });
  return (
    <li className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <span className="font-semibold">{label}</span>
        <span className="text-sm text-muted">
          {value} · <span className="font-bold text-fg">{percent}</span>
        </span>
      </div>
      <ProgressBar
        label={label}
        value={goal.percent}
        valueText={`${value} (${percent})`}
        tone={goal.percent >= 100 ? 'success' : 'brand'}
        size="sm"
      />
    </li>
  );
}

/** Issue 15's humane streak: both records, the freezes and vacation, how freezes work, and where to plan a vacation. */
function StreakCard({ streak }: { streak: Streak }) {
  const { t } = useI18n();
  return (
    <section
      aria-labelledby="progress-streak"
      className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-5 shadow-sm"
    >
      <h2 id="progress-streak" className="flex items-center gap-2 text-lg font-bold">
        <Flame aria-hidden="true" className="size-5 text-orange-600 dark:text-orange-300" />
        {t('progress.streak.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3">
        {[
          { label: t('progress.streak.current'), days: streak.current },
          { label: t('progress.streak.longest'), days: streak.longest },
        ].map((record) => (
          <div key={record.label} className="flex flex-col gap-0.5 rounded-2xl bg-surface-muted px-4 py-3">
            <dt className="text-sm font-semibold text-muted">{record.label}</dt>
            <dd className="text-xl font-extrabold">{t('progress.streak.days', { count: record.days })}</dd>
          </div>
        ))}
      </dl>
      <StreakStatus streak={streak} />
      <p className="text-sm text-muted">
        {t('progress.streak.explain', { days: STREAK_FREEZE_EVERY_DAYS, max: streak.max_freezes })}
      </p>
      <Link to={paths.app.settings} className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-start' })}>
        <TreePalm aria-hidden="true" className="size-4" />
        {t('progress.streak.planVacation')}
      </Link>
    </section>
  );
}

/** Spec §2 Overview: the tiles (lessons, streak, words, awards) and this month's goals. */
export function OverviewTab({ summary }: { summary: ProgressSummaryResponse }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language);
  const { tiles, month } = summary;
  const monthName = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    dayOf(month.start),
  );
  const isNew = summary.total_xp === 0 && tiles.lessons_completed === 0;

  return (
    <div className="flex flex-col gap-6">
      {isNew ? (
        <div className="flex flex-col items-start gap-3 rounded-3xl border border-dashed border-line p-5 sm:flex-row sm:items-center">
          <Sparkles aria-hidden="true" className="size-8 shrink-0 text-brand-text" />
          <p className="flex-1">{t('progress.empty.overview')}</p>
          <Link to={paths.app.learn} className={buttonClasses({ size: 'sm' })}>
            {t('progress.empty.start')}
          </Link>
        </div>
      ) : null}

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard icon={<BookOpen aria-hidden="true" className="size-4 text-brand-text" />} label={t('progress.tiles.lessons')}>
          {number.format(tiles.lessons_completed)}
        </StatCard>
        <StatCard
          icon={<Flame aria-hidden="true" className="size-4 text-orange-600 dark:text-orange-300" />}
          label={t('progress.tiles.streak')}
          detail={t('progress.tiles.longest', { count: tiles.longest_streak })}
        >
          {number.format(tiles.current_streak)}
        </StatCard>
        <StatCard icon={<BookA aria-hidden="true" className="size-4 text-success" />} label={t('progress.tiles.words')}>
          {number.format(tiles.words_learned)}
        </StatCard>
        <StatCard
          icon={<Award aria-hidden="true" className="size-4 text-amber-600 dark:text-amber-300" />}
          label={t('progress.tiles.awards')}
        >
          {number.format(tiles.awards)}
        </StatCard>
      </dl>

      <StreakCard streak={summary.streak} />

      <section
        aria-labelledby="progress-goals"
        className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-5 shadow-sm"
      >
        <div className="flex flex-col gap-1">
          <h2 id="progress-goals" className="text-lg font-bold">
            {t('progress.goals.title', { month: monthName })}
          </h2>
          <p className="text-sm text-muted">{t('progress.goals.note', { xp: number.format(summary.daily_goal_xp) })}</p>
        </div>
        <ul className="flex flex-col gap-4">
          {GOALS.map((goal) => (
            <GoalRow key={goal.id} label={t(goal.labelKey)} goal={month.goals[goal.id]} />
          ))}
        </ul>
      </section>
    </div>
  );
}
