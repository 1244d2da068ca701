import type { AchievementId } from '@parla/shared/achievements';
import type { DashboardResponse } from '@parla/shared/dashboard.schema';
import Award from 'lucide-react/icons/award';
import { useI18n } from '@/lib/i18n/language-context';

/** Spec §2: the two achievements earned last, or an encouraging empty state. */
export function RecentAchievements({ achievements }: { achievements: DashboardResponse['achievements'] }) {
  const { t } = useI18n();
  const earned = achievements
    .filter((achievement) => achievement.earned)
    .sort((a, b) => (b.earned_at ?? '').localeCompare(a.earned_at ?? ''))
    .slice(0, 2);
  return (
    <section aria-labelledby="recent-achievements" className="flex flex-col gap-3">
      <h2 id="recent-achievements" className="text-xl font-bold">
        {t('dashboard.achievements.title')}
      </h2>
      {earned.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {earned.map((achievement) => (
            <li key={achievement.id} className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3 shadow-sm">
              <span
                aria-hidden="true"
                className="grid size-11 shrink-0 place-items-center rounded-xl bg-amber-100 text-2xl dark:bg-amber-500/20"
              >
                {achievement.icon}
              </span>
              <div className="min-w-0">
                <p className="font-bold">{t(`achievement.${achievement.id as AchievementId}.name`)}</p>
                <p className="text-sm text-muted">{t(`achievement.${achievement.id as AchievementId}.description`)}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex items-center gap-3 rounded-2xl border border-dashed border-line p-4 text-muted">
          <Award aria-hidden="true" className="size-8 shrink-0" />
          <p>{t('dashboard.achievements.empty')}</p>
        </div>
      )}
    </section>
  );
}
