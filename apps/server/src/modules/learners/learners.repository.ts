import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profiles, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;

/** The learner's account and profile, read together; no HTTP, no rules. */
export function createLearnersRepository(db: Database) {
  return {
    /** Inside a transaction pass `tx`: PGlite has one connection, so a query beside it would wait forever. */
    async findLearner(userId: string, tx: Database = db): Promise<{ user: UserRow; profile: ProfileRow } | undefined> {
      const [row] = await tx
        .select({ user: users, profile: profiles })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },
  };
}

export type LearnersRepository = ReturnType<typeof createLearnersRepository>;
