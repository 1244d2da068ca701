import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Rotating refresh tokens, stored as SHA-256 hashes. One sign-in starts a family; every use
 * rotates to a child. Presenting a rotated token after the grace window revokes the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid().notNull(),
    parentId: uuid(),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    idleExpiresAt: timestamp({ withTimezone: true }).notNull(),
    familyExpiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index().on(table.familyId), index().on(table.userId)],
);

/**
 * Session families ended early (sign-out, sign-out everywhere, a password change or reset, a
 * reused refresh token, a deleted account). Access tokens are checked against these without a query: each replica
 * keeps the recent ones in memory and reads new rows every second (ADR 013). Rows older than an
 * access token's lifetime are useless and pruned.
 */
export const sessionRevocations = pgTable(
  'session_revocations',
  {
    familyId: uuid().primaryKey(),
    // No foreign key: a deleted account's revocations must outlive it, so every replica still
    // learns that its access tokens are dead (DELETE /users/me); they are pruned like the others.
    userId: uuid().notNull(),
    // The database's clock, read when the row is written, so replicas compare like with like.
    revokedAt: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [index().on(table.revokedAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index().on(table.userId)],
);

/** A social sign-in: matched by (provider, subject), never by e-mail. */
export const authIdentities = pgTable(
  'auth_identities',
  {
    provider: text().notNull(),
    subject: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] }), index().on(table.userId)],
);

/** One-time OAuth `state` values with their PKCE verifier and nonce, hashed. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text().primaryKey(),
  provider: text().notNull(),
  codeVerifier: text().notNull(),
  nonce: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
