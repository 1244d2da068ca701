import type { AchievementsResponse } from '@parla/shared/achievements';
import { AppError } from '@parla/shared/errors';
import type { DomainEventBus } from '../../lib/domain-events';
import { newlyReached, presentAchievements, RULE_EVENTS, touchedByEvents } from './achievement-rules';
import type { AchievementsRepository } from './achievements.repository';

/**
 * Achievements: the rules that award them, subscribed to the progress events inside the
 * transaction that earns them, and the learner's list.
 */
export function createAchievementsService({ repo }: { repo: AchievementsRepository }) {
  return {
    /** Every catalogue entry for the learner: earned (when), or the progress toward it. */
    async listAchievements(userId: string): Promise<AchievementsResponse> {
      const state = await repo.findState(userId);
      if (!state) throw new AppError('token_invalid', 'This account no longer exists.');
      const achievements = presentAchievements(state);
      return { achievements, earned_count: achievements.filter((achievement) => achievement.earned).length };
    },

    /**
     * Subscribes the rules: once per transaction that completed lessons or practice, the learners
     * it touched are measured (one statement) and what they reached is stored (one more, only
     * then). The table's key decides what is new, so fifty concurrent completions earn an
     * achievement once; each one earned raises `achievement.earned`, handed on after commit.
     * Returns the unsubscribe function.
     */
    subscribe(events: DomainEventBus): () => void {
      return events.onTransactionBatch(RULE_EVENTS, async (caused, tx, raise) => {
        const touched = touchedByEvents(caused);
        if (touched.size === 0) return;
        const states = await repo.findStatesIn(tx, [...touched.keys()]);
        const reached = states.flatMap((state) => {
          const learner = touched.get(state.userId);
          if (!learner) return [];
          return newlyReached(state, learner.metrics).map((achievementId) => ({
            userId: state.userId,
            achievementId,
            earnedAt: learner.at,
          }));
        });
        if (reached.length === 0) return;
        for (const earned of await repo.awardIn(tx, reached)) raise({ name: 'achievement.earned', payload: earned });
      });
    },
  };
}

export type AchievementsService = ReturnType<typeof createAchievementsService>;
