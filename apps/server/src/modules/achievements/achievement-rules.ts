import { ACHIEVEMENTS, type AchievementMetric, type AchievementProgress } from '@parla/shared/achievements';

/** A learner's measures and earned achievements. */
export interface AchievementState {
  userId: string;
  metrics: Readonly<Record<AchievementMetric, number>>;
  /** Achievement id → when it was earned. */
  earned: ReadonlyMap<string, Date>;
}

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
          : Math.min(achievement.target, Math.max(0, state.metrics[achievement.metric])),
      target: achievement.target,
    };
  });
}
