import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  authIdentities,
  oauthStates,
  passwordResetTokens,
  profiles,
  refreshTokens,
  sessionRevocations,
  users,
} from '../../db/schema/index';
import type { ProfileRow, UserRow } from '../learners/learners.repository';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
type ProfileInsert = Omit<typeof profiles.$inferInsert, 'userId'>;

/** One revocation row per family ended; tokens of one family may have been revoked in parts. */
async function recordRevocations(tx: Database, revoked: { familyId: string; userId: string }[]): Promise<string[]> {
  const families = new Map(revoked.map((row) => [row.familyId, row.userId]));
  if (families.size === 0) return [];
  await tx
    .insert(sessionRevocations)
    .values([...families].map(([familyId, userId]) => ({ familyId, userId })))
    .onConflictDoUpdate({ target: sessionRevocations.familyId, set: { revokedAt: sql`clock_timestamp()` } });
  return [...families.keys()];
}

/** Drizzle queries for accounts and sessions; no HTTP, no rules. */
export function createAuthRepository(db: Database) {
  return {
    /** Runs `work` in one transaction; the methods that take `tx` run inside it. */
    transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },

    /** Returns undefined when the e-mail is already taken. */
    async createUser(
      tx: Database,
      user: { email: string; fullName: string; passwordHash: string | null },
      profile: ProfileInsert,
    ): Promise<{ user: UserRow; profile: ProfileRow } | undefined> {
      const [created] = await tx.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning();
      if (!created) return undefined;
      const [createdProfile] = await tx
        .insert(profiles)
        .values({ ...profile, userId: created.id })
        .returning();
      if (!createdProfile) throw new Error('profile insert returned nothing');
      return { user: created, profile: createdProfile };
    },

    async updatePasswordHash(tx: Database, userId: string, passwordHash: string, now: Date): Promise<void> {
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    },

    async insertRefreshToken(tx: Database, row: typeof refreshTokens.$inferInsert): Promise<RefreshTokenRow> {
      const [created] = await tx.insert(refreshTokens).values(row).returning();
      if (!created) throw new Error('refresh token insert returned nothing');
      return created;
    },

    /** Locks the row so two concurrent refreshes of one token are serialised. */
    async findRefreshTokenForUpdate(tx: Database, tokenHash: string): Promise<RefreshTokenRow | undefined> {
      const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
      return row;
    },

    async findChildToken(tx: Database, parentId: string): Promise<RefreshTokenRow | undefined> {
      const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.parentId, parentId));
      return row;
    },

    async markRotated(tx: Database, id: string, now: Date): Promise<void> {
      await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, id));
    },

    /** Ends one session family; returns it when it was still live, so access can end too. */
    async revokeFamily(tx: Database, familyId: string, now: Date): Promise<string[]> {
      const revoked = await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
        .returning({ familyId: refreshTokens.familyId, userId: refreshTokens.userId });
      return recordRevocations(tx, revoked);
    },

    /** Revokes every session of the user, or every one but `exceptFamilyId`; returns the families ended. */
    async revokeUserFamilies(tx: Database, userId: string, now: Date, exceptFamilyId?: string): Promise<string[]> {
      const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
      if (exceptFamilyId) conditions.push(ne(refreshTokens.familyId, exceptFamilyId));
      const revoked = await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(...conditions))
        .returning({ familyId: refreshTokens.familyId, userId: refreshTokens.userId });
      return recordRevocations(tx, revoked);
    },

    /** Revocations written since `since` (the database's clock), for replicas to pick up. */
    async findRevocationsSince(since: Date | undefined, lifetimeSeconds: number) {
      return db
        .select({ familyId: sessionRevocations.familyId, revokedAt: sessionRevocations.revokedAt })
        .from(sessionRevocations)
        .where(
          since
            ? gt(sessionRevocations.revokedAt, since)
            : sql`${sessionRevocations.revokedAt} > now() - make_interval(secs => ${lifetimeSeconds})`,
        );
    },

    async pruneRevocations(lifetimeSeconds: number): Promise<void> {
      await db
        .delete(sessionRevocations)
        .where(sql`${sessionRevocations.revokedAt} < now() - make_interval(secs => ${lifetimeSeconds})`);
    },

    async insertPasswordResetToken(row: typeof passwordResetTokens.$inferInsert): Promise<void> {
      await db.insert(passwordResetTokens).values(row);
    },

    async findUsablePasswordResetToken(tokenHash: string, now: Date): Promise<{ userId: string } | undefined> {
      const [row] = await db
        .select({ userId: passwordResetTokens.userId })
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        );
      return row;
    },

    /** Claims a usable reset token (unused, unexpired) exactly once. */
    async claimPasswordResetToken(tx: Database, tokenHash: string, now: Date): Promise<{ userId: string } | undefined> {
      const [row] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      return row;
    },

    async expireOtherResetTokens(tx: Database, userId: string, now: Date): Promise<void> {
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },

    async findIdentity(provider: string, subject: string): Promise<{ userId: string } | undefined> {
      const [row] = await db
        .select({ userId: authIdentities.userId })
        .from(authIdentities)
        .where(and(eq(authIdentities.provider, provider), eq(authIdentities.subject, subject)));
      return row;
    },

    async insertIdentity(tx: Database, row: typeof authIdentities.$inferInsert): Promise<void> {
      await tx.insert(authIdentities).values(row);
    },

    /** Stores a new state and forgets the expired ones, so abandoned sign-ins never pile up. */
    async insertOauthState(row: typeof oauthStates.$inferInsert, now: Date): Promise<void> {
      await db.delete(oauthStates).where(sql`${oauthStates.expiresAt} < ${now.toISOString()}::timestamptz`);
      await db.insert(oauthStates).values(row);
    },

    /** One-time: deletes the state as it reads it. */
    async takeOauthState(stateHash: string, now: Date): Promise<typeof oauthStates.$inferSelect | undefined> {
      const [row] = await db.delete(oauthStates).where(eq(oauthStates.stateHash, stateHash)).returning();
      await db.delete(oauthStates).where(sql`${oauthStates.expiresAt} < ${now.toISOString()}::timestamptz`);
      return row && row.expiresAt > now ? row : undefined;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
