import type { AchievementProgress } from '@parla/shared/achievements';
import { clsx } from 'clsx';
import CircleCheck from 'lucide-react/icons/circle-check';
import Lock from 'lucide-react/icons/lock';
import { ProgressBar } from '@/components/ui/progress-bar';
import { RetryPanel } from '@/components/ui/retry-panel';
import { TabSkeleton } from '@/components/ui/tab-skeleton';
import { useI18n } from '@/lib/i18n/language-context';
import { useProgressAchievements } from '../api/get-progress-achievements';

function AchievementCard({ achievement }: { achievement: AchievementProgress }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language);
  const name = t(`achievement.${achievement.id}.name`);
  const progress = t('progress.achievements.progress', {
    current: number.format(achievement.current),
    target: number.format(achievement.target),
  });
  return (
    <li
      className={clsx(
        'flex gap-3 rounded-2xl border p-4 shadow-sm',
        achievement.earned ? 'border-amber-300 bg-surface dark:border-amber-500/40' : 'border-line bg-surface-muted',
      )}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'grid size-12 shrink-0 place-items-center rounded-xl text-2xl',
          achievement.earned ? 'bg-amber-100 dark:bg-amber-500/20' : 'bg-surface grayscale',
        )}
      >
        {achievement.icon}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-bold">{name}</h3>
        <p className="text-sm text-muted">{t(`achievement.${achievement.id}.description`)}</p>
        {achievement.earned ? (
          <p className="flex items-center gap-1.5 text-sm font-semibold text-success">
            <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
            {achievement.earned_at
              ? t('progress.achievements.earnedOn', {
                  date: new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(achievement.earned_at)),
                })
              : t('progress.achievements.earned')}
          </p>
        ) : (
          <>
            <p className="flex items-center gap-1.5 text-sm font-semibold text-muted">
              <Lock aria-hidden="true" className="size-4 shrink-0" />
              {t('progress.achievements.locked')} · {progress}
            </p>
            <ProgressBar
              label={name}
              value={achievement.current}
              max={achievement.target}
              valueText={progress}
              size="sm"
              track="line"
            />
          </>
        )}
      </div>
    </li>
  );
}

/** Spec §2 Achievements: every card, earned (with its date) or locked (with how far along). */
export function AchievementsTab() {
  const { t, language } = useI18n();
  const achievements = useProgressAchievements();
  if (achievements.isError)
    return (
      <RetryPanel
        message={t('progress.loadFailed')}
        retryLabel={t('progress.retry')}
        onRetry={() => void achievements.refetch()}
      />
    );
  if (!achievements.data) return <TabSkeleton heights={['h-24', 'h-24', 'h-24']} />;
  const { achievements: list, earned_count } = achievements.data;
  const number = new Intl.NumberFormat(language);
  return (
    <section aria-labelledby="progress-achievements" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="progress-achievements" className="text-lg font-bold">
          {t('progress.achievements.title')}
        </h2>
        <p className="text-sm text-muted">
          {t('progress.achievements.count', { earned: number.format(earned_count), count: list.length })}
        </p>
      </div>
      {earned_count === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-4 text-muted">{t('progress.achievements.empty')}</p>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-2">
        {/* Earned first, each group in the catalogue's order. */}
        {[...list.filter((item) => item.earned), ...list.filter((item) => !item.earned)].map((achievement) => (
          <AchievementCard key={achievement.id} achievement={achievement} />
        ))}
      </ul>
    </section>
  );
}
