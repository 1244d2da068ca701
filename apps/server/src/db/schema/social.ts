import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who follows whom (modules/social). The key makes a follow exist once however many requests ask
 * for it at once: the insert that returns the row is the one that created it, and only that one
 * notifies the followee. A deleted account takes its follows, both ways, with it.
 */
export const follows = pgTable(
  'follows',
  {
    followerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.followeeId] }),
    check('follows_not_self', sql`${table.followerId} <> ${table.followeeId}`),
    // "Follows me" and the followers of a learner (the key serves the people a learner follows).
    index('follows_followee_idx').on(table.followeeId, table.followerId),
  ],
);

/**
 * Who blocked whom. A block removes the follows between the two, both ways, and keeps them from
 * following, suggesting or finding each other while it stands.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    check('blocks_not_self', sql`${table.blockerId} <> ${table.blockedId}`),
    // "Has this learner blocked me?": the other direction of the key.
    index('blocks_blocked_idx').on(table.blockedId, table.blockerId),
  ],
);
