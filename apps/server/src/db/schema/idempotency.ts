import { integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A learner's requests by the id the client gave them (`X-Request-Id`), for 24 hours: a retry gets
 * the stored answer instead of doing the work again (DESIGN §3, ADR 018). UNLOGGED (migration
 * 0012): no WAL for a record that matters only for a day; after a database crash the table is
 * empty and a retry runs again, which the work's own guards (the XP ledger's key, one open session
 * per lesson, the first answer locking an item) keep harmless.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: text().notNull(),
    /** SHA-256 of the method, route, path parameters and body: the same id with another request is refused. */
    fingerprint: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** While there is no answer yet: until when the first request owns the id (then a retry may take over). */
    lockedUntil: timestamp({ withTimezone: true }).notNull(),
    /** The stored answer; null while the first request is still working. */
    status: smallint(),
    contentType: text(),
    body: text(),
    /**
     * A part of the answer stored once elsewhere (a lesson variant's exercises, ADR 032): cut out of
     * `body` at this offset (UTF-16 code units), put back from `fragmentRef` on a replay.
     */
    fragmentAt: integer(),
    fragmentRef: text(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.requestId] })],
);
