import type { AchievementMetric } from '@parla/shared/achievements';
import type { Database, DatabaseHandle } from '../../db/client';
import { prepareStatement, runStatement } from '../../db/statements';
import { type AchievementState, idsOfMetric } from './achievement-rules';
import { achievementState } from './sql/achievement-state.sql';
import { awardAchievements } from './sql/award-achievements.sql';

/** An achievement a learner earned, as stored. */
export interface EarnedAchievement {
  userId: string;
  achievementId: string;
  earnedAt: Date;
}

// The metrics measured by a count, only while one of their achievements is still to earn.
const LAZY = {
  perfect: JSON.stringify(idsOfMetric('perfect_lessons')),
  practices: JSON.stringify(idsOfMetric('practices')),
  words: JSON.stringify(idsOfMetric('words')),
};

export function createAchievementsRepository(database: DatabaseHandle) {
  const readState = prepareStatement(database, achievementState);
  const values = (userIds: readonly string[]) => [JSON.stringify(userIds), LAZY.perfect, LAZY.practices, LAZY.words];
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

    /** Several learners' states, inside the transaction that may have earned them something. */
    async findStatesIn(tx: Database, userIds: readonly string[]): Promise<AchievementState[]> {
      // (JIT, which would compile this read for ~13 ms, is off for every connection: db/client.ts.)
      return (await runStatement(tx, achievementState, values(userIds))).map(asState);
    },

    /** Stores achievements inside `tx`; returns only the ones this call wrote (never one earned before). */
    async awardIn(tx: Database, earned: readonly EarnedAchievement[]): Promise<EarnedAchievement[]> {
      const rows = await runStatement(tx, awardAchievements, [
        JSON.stringify(
          earned.map((row) => ({
            user_id: row.userId,
            achievement_id: row.achievementId,
            earned_at: row.earnedAt.toISOString(),
          })),
        ),
      ]);
      return rows.map((row) => ({
        userId: row.user_id,
        achievementId: row.achievement_id,
        earnedAt: new Date(row.earned_at_ms),
      }));
    },
  };
}

export type AchievementsRepository = ReturnType<typeof createAchievementsRepository>;
