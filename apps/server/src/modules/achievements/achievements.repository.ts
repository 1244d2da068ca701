import type { AchievementMetric } from '@parla/shared/achievements';
import type { DatabaseHandle } from '../../db/client';
import { prepareStatement } from '../../db/statements';
import { type AchievementState, idsOfMetric } from './achievement-rules';
import { achievementState } from './sql/achievement-state.sql';

// The metrics measured by a count, only while one of their achievements is still to earn.
const LAZY = {
  perfect: JSON.stringify(idsOfMetric('perfect_lessons')),
  words: JSON.stringify(idsOfMetric('words')),
};

export function createAchievementsRepository(database: DatabaseHandle) {
  const readState = prepareStatement(database, achievementState);
  const values = (userIds: readonly string[]) => [JSON.stringify(userIds), LAZY.perfect, LAZY.words];
  type Row = Awaited<ReturnType<typeof readState>>[number];
  const asState = (row: Row): AchievementState => {
    const metrics: Record<AchievementMetric, number | null> = {
      lessons: row.lessons,
      perfect_lessons: row.perfect_lessons,
      practices: row.practices,
      streak: row.streak,
      xp: row.xp,
      words: row.words,
      friends: 0,
    };
    return {
      userId: row.user_id,
      metrics,
      earned: new Map(row.earned.map((earned) => [earned.id, new Date(earned.earned_at_ms)])),
    };
  };
  return {
    /** The learner's measures and achievements; undefined when they have no profile. */
    async findState(userId: string): Promise<AchievementState | undefined> {
      const [row] = await readState(values([userId]));
      return row && asState(row);
    },
  };
}

export type AchievementsRepository = ReturnType<typeof createAchievementsRepository>;
