import { ACHIEVEMENTS, type AchievementId, type AchievementMetric, type AchievementProgress } from '@parla/shared/achievements';
import type { DomainEvent, DomainEventName } from '../../lib/domain-events';

/**
 * The events after which each metric may have grown: a learner's achievements of a metric are
 * looked at only when one of its events happened to them. Friends do not exist yet: no event, so
 * first-friend waits (the friends feature adds its event here).
 */
export const METRIC_EVENTS: Readonly<Record<AchievementMetric, readonly DomainEventName[]>> = {
  lessons: ['lesson.completed'],
  perfect_lessons: ['lesson.completed'],
  words: ['lesson.completed'],
  practices: ['practice.completed'],
  streak: ['streak.extended'],
  xp: ['xp.awarded'],
  friends: [],
};

/** The events the rules subscribe to. */
export const RULE_EVENTS: readonly DomainEventName[] = [...new Set(Object.values(METRIC_EVENTS).flat())];

/** A learner's measures (null: not measured because every achievement of it is earned) and earned achievements. */
export interface AchievementState {
  userId: string;
  metrics: Readonly<Record<AchievementMetric, number | null>>;
  /** Achievement id → when it was earned. */
  earned: ReadonlyMap<string, Date>;
}

/** What the events of one transaction may have changed, per learner: the metrics and the latest instant. */
export function touchedByEvents(events: readonly DomainEvent[]): Map<string, { metrics: Set<AchievementMetric>; at: Date }> {
  const touched = new Map<string, { metrics: Set<AchievementMetric>; at: Date }>();
  for (const event of events) {
    const metrics = (Object.keys(METRIC_EVENTS) as AchievementMetric[]).filter((metric) =>
      METRIC_EVENTS[metric].includes(event.name),
    );
    if (metrics.length === 0) continue;
    const at = event.name === 'achievement.earned' ? event.payload.earnedAt : event.payload.at;
    const learner = touched.get(event.payload.userId) ?? { metrics: new Set<AchievementMetric>(), at };
    for (const metric of metrics) learner.metrics.add(metric);
    if (at > learner.at) learner.at = at;
    touched.set(event.payload.userId, learner);
  }
  return touched;
}

/** The achievements of the touched metrics the learner has reached and not yet earned. */
export function newlyReached(state: AchievementState, metrics: ReadonlySet<AchievementMetric>): AchievementId[] {
  return ACHIEVEMENTS.filter(
    (achievement) =>
      metrics.has(achievement.metric) &&
      !state.earned.has(achievement.id) &&
      (state.metrics[achievement.metric] ?? 0) >= achievement.target,
  ).map((achievement) => achievement.id);
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
