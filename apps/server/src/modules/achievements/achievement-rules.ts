import { ACHIEVEMENTS, type AchievementId, type AchievementMetric, type AchievementProgress } from '@parla/shared/achievements';

/** A learner's measures (null: not measured because every achievement of it is earned) and earned achievements. */
export interface AchievementState {
  userId: string;
  metrics: Readonly<Record<AchievementMetric, number | null>>;
  /** Achievement id → when it was earned. */
  earned: ReadonlyMap<string, Date>;
}

/** The ids of a metric's achievements (to measure it only while one of them is still to earn). */
export const idsOfMetric = (metric: AchievementMetric): AchievementId[] =>
  ACHIEVEMENTS.filter((achievement) => achievement.metric === metric).map((achievement) => achievement.id);

/** Every catalogue entry for the learner, in catalogue order: earned (when) or how far along. */
export function presentAchievements(state: AchievementState): AchievementProgress[] {
  return ACHIEVEMENTS.map((achievement) => {
    const earnedAt = state.earned.get(achievement.id);
    return {
      id: achievement.id,
      icon: achievement.icon,
      metric: achievement.metric,
      earned: earnedAt !== undefined,
      earned_at: earnedAt?.toISOString() ?? null,
      current:
        earnedAt !== undefined
          ? achievement.target
          : Math.min(achievement.target, Math.max(0, state.metrics[achievement.metric] ?? 0)),
      target: achievement.target,
    };
  });
}
