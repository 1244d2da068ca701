import type { Plan } from '@parla/shared/plans';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profiles, users } from '../../db/schema/index';
import type { ProfileRow } from '../learners/learners.repository';

export function createUsersRepository(db: Database) {
  return {
    /** Changes the entitlement of the account with this (normalised) e-mail; undefined when there is none. */
    async updatePlanByEmail(email: string, plan: Plan, now: Date): Promise<{ email: string; plan: Plan } | undefined> {
      const [row] = await db
        .update(users)
        .set({ plan, updatedAt: now })
        .where(eq(users.email, email))
        .returning({ email: users.email, plan: users.plan });
      return row;
    },

    async updateProfile(userId: string, changes: Partial<typeof profiles.$inferInsert>): Promise<ProfileRow | undefined> {
      const [row] = await db.update(profiles).set(changes).where(eq(profiles.userId, userId)).returning();
      return row;
    },

    /** The profile's changes and the account's name, together or not at all. */
    async updateProfileAndName(
      userId: string,
      changes: Partial<typeof profiles.$inferInsert>,
      fullName: string,
    ): Promise<ProfileRow | undefined> {
      return db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ fullName, updatedAt: changes.updatedAt ?? new Date() })
          .where(eq(users.id, userId));
        const [row] = await tx.update(profiles).set(changes).where(eq(profiles.userId, userId)).returning();
        return row;
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
