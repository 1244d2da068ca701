import type { DashboardResponse } from '@parla/shared/dashboard.schema';
import { PRACTICE_QUESTION_COUNT, PRACTICE_SECONDS_PER_QUESTION } from '@parla/shared/practice.schema';
import BookOpen from 'lucide-react/icons/book-open';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Clock from 'lucide-react/icons/clock';
import Flame from 'lucide-react/icons/flame';
import Languages from 'lucide-react/icons/languages';
import Star from 'lucide-react/icons/star';
import Target from 'lucide-react/icons/target';
import Trophy from 'lucide-react/icons/trophy';
import Zap from 'lucide-react/icons/zap';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { PageHeader } from '@/components/ui/page-header';
import { ProgressBar } from '@/components/ui/progress-bar';
import { RetryPanel } from '@/components/ui/retry-panel';
import { StatCard } from '@/components/ui/stat-card';
import { StreakStatus } from '@/components/ui/streak-status';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { COURSE_FLAGS, courseName } from '@/lib/course-labels';
import { useResetTime } from '@/lib/daily-allowance';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { useDashboard } from '../api/get-dashboard';
import { greetingKey } from '../dashboard-rules';
import { AccountMenu } from './account-menu';
import { ContinueLearning } from './continue-learning';
import { RecentAchievements } from './recent-achievements';
import { ReviewDue } from './review-due';

function DashboardSkeleton() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <p className="sr-only" role="status">
        {t('common.loading')}
      </p>
      {['h-16', 'h-28', 'h-24', 'h-64'].map((height) => (
        <div key={height} className={`${height} rounded-3xl bg-surface-muted motion-safe:animate-pulse`} />
      ))}
    </div>
  );
}

function DashboardContent({
  data,
  headerSearch,
  headerActions,
}: {
  data: DashboardResponse;
  headerSearch?: ReactNode;
  headerActions?: ReactNode;
}) {
  const { t, language } = useI18n();
  const user = useMe().data?.user;
  const number = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, { style: 'percent' });
  const firstName = data.full_name.trim().split(/\s+/)[0] || data.full_name;
  const earned = data.achievements.filter((achievement) => achievement.earned).length;
  const courseLabel = courseName(data.course, language);
  const resetTime = useResetTime(data.resets_at);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t(greetingKey(new Date().getHours()), { name: firstName })}
        actions={
          <div className="flex shrink-0 items-center gap-2">
            {headerSearch}
            {headerActions}
            <AccountMenu fullName={data.full_name} email={user?.email ?? ''} />
          </div>
        }
      >
        <ul className="flex flex-wrap gap-2" aria-label={t('dashboard.chips.label')}>
          <Chip as="li" tone="orange" icon={<Flame aria-hidden="true" className="size-4" />}>
            {t('dashboard.chip.streak', { count: number.format(data.current_streak) })}
          </Chip>
          <Chip as="li" tone="brand" icon={<Star aria-hidden="true" className="size-4" />}>
            {t('dashboard.chip.level', { level: number.format(data.level) })}
          </Chip>
          <Chip as="li" tone="amber" icon={<Zap aria-hidden="true" className="size-4" />}>
            {t('dashboard.chip.xp', { xp: number.format(data.total_xp) })}
          </Chip>
        </ul>
      </PageHeader>

      <section
        aria-labelledby="level-card"
        className="flex flex-col gap-3 rounded-3xl border border-line bg-surface p-5 shadow-sm"
      >
        <div className="flex items-center gap-4">
          <span aria-hidden="true" className="text-4xl leading-none">
            {COURSE_FLAGS[data.course]}
          </span>
          <div className="min-w-0 flex-1">
            <h2 id="level-card" className="text-lg font-bold">
              {t('dashboard.course', { language: courseLabel })}
            </h2>
            <p className="text-sm text-muted">
              {t('dashboard.nextLevel', { xp: number.format(data.xp_to_next_level), level: number.format(data.level + 1) })}
            </p>
          </div>
          <span className="text-sm font-bold text-brand-text">
            {t('dashboard.chip.level', { level: number.format(data.level) })}
          </span>
        </div>
        <ProgressBar label={t('dashboard.levelProgress')} value={Math.round(data.level_progress_percent)} tone="level" />
      </section>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard icon={<BookOpen aria-hidden="true" className="size-4 text-brand-text" />} label={t('dashboard.stats.lessons')}>
          {number.format(data.lessons_completed)}
        </StatCard>
        <StatCard
          icon={<Target aria-hidden="true" className="size-4 text-success" />}
          label={t('dashboard.stats.dailyGoal')}
          detail={t('dashboard.stats.dailyGoalDetail', {
            xp: number.format(data.xp_today),
            goal: number.format(data.daily_goal_xp),
          })}
        >
          {percent.format(data.daily_goal_percent / 100)}
        </StatCard>
        <StatCard
          icon={<Flame aria-hidden="true" className="size-4 text-orange-600 dark:text-orange-300" />}
          label={t('dashboard.stats.streak')}
          detail={<StreakStatus streak={data.streak} compact />}
        >
          {number.format(data.current_streak)}
        </StatCard>
        <StatCard
          icon={<Trophy aria-hidden="true" className="size-4 text-amber-600 dark:text-amber-300" />}
          label={t('dashboard.stats.achievements')}
        >
          {t('dashboard.stats.achievementsValue', {
            earned: number.format(earned),
            total: number.format(data.achievements.length),
          })}
        </StatCard>
      </dl>

      <section
        aria-labelledby="quick-practice"
        className="flex flex-col gap-4 rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 p-5 text-white shadow-lg sm:flex-row sm:items-center"
      >
        <div className="flex-1">
          <h2 id="quick-practice" className="text-xl font-bold">
            {t('dashboard.practice.title')}
          </h2>
          <p className="text-indigo-100">
            {t('dashboard.practice.description', { count: PRACTICE_QUESTION_COUNT, seconds: PRACTICE_SECONDS_PER_QUESTION })}
          </p>
        </div>
        <Link to={paths.app.practice} className={buttonClasses({ variant: 'inverse', className: 'self-stretch sm:self-center' })}>
          <Zap aria-hidden="true" className="size-5" />
          {t('dashboard.practice.start')}
        </Link>
      </section>

      <ReviewDue />

      {data.plan === 'free' && data.lessons_left_today !== null ? (
        <p className="rounded-2xl bg-surface-muted px-4 py-3 text-sm text-fg">
          <strong>{t('dashboard.plan.left', { count: number.format(data.lessons_left_today) })}</strong>{' '}
          {data.lessons_left_today === 0 ? (
            <>
              <span className="mt-1 flex items-center gap-1.5 font-semibold">
                <Clock aria-hidden="true" className="size-4 shrink-0" />
                {t('daily.availableTomorrow', { time: resetTime })}
              </span>
              <span className="mt-1 block">{t('dashboard.plan.practiceHint')}</span>
            </>
          ) : null}
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ContinueLearning lessons={data.continue_learning} review={data.review_lessons} daily={data} />
        <div className="flex flex-col gap-6">
          <section aria-labelledby="shortcuts" className="flex flex-col gap-3">
            <h2 id="shortcuts" className="text-xl font-bold">
              {t('dashboard.shortcuts.title')}
            </h2>
            <Link
              to={paths.app.languages}
              className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm transition hover:border-brand/60"
            >
              <Languages aria-hidden="true" className="size-6 shrink-0 text-brand-text" />
              <span className="min-w-0 flex-1">
                <span className="block font-bold">{t('dashboard.shortcuts.languages')}</span>
                <span className="block text-sm text-muted">{t('dashboard.shortcuts.languagesHint')}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 text-muted rtl:-scale-x-100" />
            </Link>
          </section>
          <RecentAchievements achievements={data.achievements} />
        </div>
      </div>
    </div>
  );
}

/** Spec §2 dashboard: the learner's day at a glance, every number from GET /dashboard. */
/**
 * `headerSearch`: the header's search, first in the header's row; `headerActions`: what the app puts
 * beside the account menu (the notifications bell).
 */
export function Dashboard({ headerSearch, headerActions }: { headerSearch?: ReactNode; headerActions?: ReactNode } = {}) {
  const { t } = useI18n();
  const dashboard = useDashboard();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 md:py-10">
      {dashboard.data ? (
        <DashboardContent data={dashboard.data} headerSearch={headerSearch} headerActions={headerActions} />
      ) : dashboard.isError ? (
        <RetryPanel
          message={t('dashboard.loadFailed')}
          retryLabel={t('dashboard.retry')}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <DashboardSkeleton />
      )}
    </div>
  );
}
