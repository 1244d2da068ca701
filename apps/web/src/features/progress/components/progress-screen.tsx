import type { ProgressSummaryResponse } from '@parla/shared/progress.schema';
import Star from 'lucide-react/icons/star';
import Zap from 'lucide-react/icons/zap';
import { Chip } from '@/components/ui/chip';
import { PageHeader } from '@/components/ui/page-header';
import { ProgressBar } from '@/components/ui/progress-bar';
import { RetryPanel } from '@/components/ui/retry-panel';
import { TabSkeleton } from '@/components/ui/tab-skeleton';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { COURSE_FLAGS, courseName } from '@/lib/course-labels';
import { useI18n } from '@/lib/i18n/language-context';
import { useNavigate, useSearchParams } from '@/lib/router';
import { useProgressSummary } from '../api/get-progress-summary';
import { type ProgressTab, tabOf } from '../progress-rules';
import { AchievementsTab } from './achievements-tab';
import { ActivityTab } from './activity-tab';
import { OverviewTab } from './overview-tab';
import { SkillsTab } from './skills-tab';

function LevelCard({ summary }: { summary: ProgressSummaryResponse }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language);
  return (
    <section
      aria-labelledby="progress-level"
      className="flex flex-col gap-4 rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 p-5 text-white shadow-lg"
    >
      <div className="flex items-center gap-4">
        <span aria-hidden="true" className="grid size-14 shrink-0 place-items-center rounded-2xl bg-white/15">
          <Star className="size-7" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="progress-level" className="text-2xl font-extrabold">
            {t('progress.level', { level: number.format(summary.level) })}
          </h2>
          <p className="text-indigo-100">
            {t('progress.nextLevel', {
              xp: number.format(summary.xp_to_next_level),
              level: number.format(summary.level + 1),
            })}
          </p>
        </div>
        <p className="flex items-center gap-1.5 text-lg font-bold">
          <Zap aria-hidden="true" className="size-5 text-amber-300" />
          {t('progress.totalXp', { xp: number.format(summary.total_xp) })}
        </p>
      </div>
      <ProgressBar
        label={t('progress.levelProgress')}
        value={Math.round(summary.level_progress_percent)}
        track="line"
        tone="success"
      />
    </section>
  );
}

/** Spec §2 Progress: back, title, the course badge, the level card and the four tabs. */
export function ProgressScreen() {
  const { t, language } = useI18n();
  const summary = useProgressSummary();
  const navigate = useNavigate();
  const tab = tabOf(useSearchParams().get('tab'));
  const select = (next: ProgressTab) =>
    navigate(next === 'overview' ? paths.app.progress : `${paths.app.progress}?tab=${next}`, { replace: true });
  const tabs = [
    { id: 'overview', label: t('progress.tabs.overview') },
    { id: 'skills', label: t('progress.tabs.skills') },
    { id: 'activity', label: t('progress.tabs.activity') },
    { id: 'achievements', label: t('progress.tabs.achievements') },
  ] as const;
  const course = summary.data?.course;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-10">
      <PageHeader title={t('progress.title')} back={{ to: paths.app.dashboard, label: t('progress.back') }}>
        {course ? (
          <Chip tone="brand" icon={<span aria-hidden="true">{COURSE_FLAGS[course]}</span>}>
            {t('progress.course', { language: courseName(course, language) })}
          </Chip>
        ) : null}
      </PageHeader>
      {summary.data ? (
        <>
          <LevelCard summary={summary.data} />
          <Tabs
            label={t('progress.tabs.label')}
            tabs={tabs}
            selected={tab}
            onSelect={select}
            renderPanel={(id) =>
              id === 'overview' && summary.data ? (
                <OverviewTab summary={summary.data} />
              ) : id === 'skills' ? (
                <SkillsTab />
              ) : id === 'activity' ? (
                <ActivityTab />
              ) : (
                <AchievementsTab />
              )
            }
          />
        </>
      ) : summary.isError ? (
        <RetryPanel message={t('progress.loadFailed')} retryLabel={t('progress.retry')} onRetry={() => void summary.refetch()} />
      ) : (
        <TabSkeleton heights={['h-28', 'h-12', 'h-64']} />
      )}
    </div>
  );
}
