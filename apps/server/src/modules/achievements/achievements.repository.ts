import type { DatabaseHandle } from '../../db/client';
import { prepareStatement } from '../../db/statements';
import type { AchievementState } from './achievement-rules';
import { achievementState } from './sql/achievement-state.sql';

export function createAchievementsRepository(database: DatabaseHandle) {
  const readState = prepareStatement(database, achievementState);
  return {
    /** The learner's measures and achievements; undefined when they have no profile. */
    async findState(userId: string): Promise<AchievementState | undefined> {
      const [row] = await readState([userId]);
      if (!row) return undefined;
      return {
        userId: row.user_id,
        metrics: {
          lessons: row.lessons,
          perfect_lessons: row.perfect_lessons,
          practices: row.practices,
          streak: row.streak,
          xp: row.xp,
          words: row.words,
          friends: row.friends,
        },
        earned: new Map(row.earned.map((earned) => [earned.id, new Date(earned.earned_at_ms)])),
      };
    },
  };
}

export type AchievementsRepository = ReturnType<typeof createAchievementsRepository>;
