import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profiles, users } from '../../db/schema/index';
import type { ProfileRow, UserRow } from '../auth/auth.repository';

export function createUsersRepository(db: Database) {
  return {
    async findUserWithProfile(userId: string): Promise<{ user: UserRow; profile: ProfileRow } | undefined> {
      const [row] = await db.select().from(users).innerJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, userId));
      return row ? { user: row.users, profile: row.profiles } : undefined;
    },

    async findProfile(userId: string): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      return row;
    },

    /** Changes the entitlement of the account with this (normalised) e-mail; undefined when there is none. */
    async updatePlanByEmail(email: string, plan: string, now: Date): Promise<{ email: string; plan: string } | undefined> {
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
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
