import type { AchievementsResponse } from '@parla/shared/achievements';
import { AppError } from '@parla/shared/errors';
import { presentAchievements } from './achievement-rules';
import type { AchievementsRepository } from './achievements.repository';

/**
 * The learner's achievements. The rules that award them are SQL the completions embed
 * (sql/award-achievements.sql.ts, ADR 024), so they are stored in the statement that earns them.
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
  };
}

export type AchievementsService = ReturnType<typeof createAchievementsService>;
