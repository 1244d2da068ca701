import type { Plan } from '@parla/shared/plans';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications, profiles, users } from '../../db/schema/index';
import type { ProfileRow, UserRow } from '../learners/learners.repository';

export function createUsersRepository(db: Database) {
  return {
    /**
     * The learner, their profile and their unread notifications (the bell's count) in one
     * statement: the count is a scalar subquery on the partial index of unread rows.
     */
    async findMe(userId: string): Promise<{ user: UserRow; profile: ProfileRow; unreadNotifications: number } | undefined> {
      const [row] = await db
        .select({
          user: users,
          profile: profiles,
          unreadNotifications: sql<number>`(select count(*)::int from ${notifications} where ${notifications.userId} = ${users.id} and ${notifications.readAt} is null)`,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },

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
