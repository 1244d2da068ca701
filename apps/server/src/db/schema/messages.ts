import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Messages between learners who follow each other (modules/messages, issue 16). A conversation is
 * the messages of one pair, either direction; `read_at` is set when the recipient opens it. A
 * deleted account takes the messages it sent and received with it.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    senderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check('messages_not_self', sql`${table.senderId} <> ${table.recipientId}`),
    check('messages_body_length', sql`char_length(${table.body}) between 1 and 1000`),
    // A conversation's pages (keyset on created_at, id), each direction, and "my messages" for the export.
    index('messages_sender_idx').on(table.senderId, table.recipientId, table.createdAt, table.id),
    index('messages_recipient_idx').on(table.recipientId, table.senderId, table.createdAt, table.id),
    // Unread counts: the recipient's unread messages only.
    index('messages_unread_idx').on(table.recipientId, table.senderId).where(sql`${table.readAt} is null`),
  ],
);

/**
 * A learner's side of a conversation, one row per (learner, other) — two per pair — so the list of
 * conversations reads one row per conversation instead of every message. Written in the same
 * statement as the message (both rows) and as the reading (the reader's row): `last_*` names the
 * latest message either way, `unread_count` the other's messages this learner has not read.
 */
export const conversations = pgTable(
  'conversations',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** No foreign key: messages go only with an account, and the account's rows go with it. */
    lastMessageId: uuid().notNull(),
    lastAt: timestamp({ withTimezone: true }).notNull(),
    unreadCount: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.otherId] }),
    check('conversations_not_self', sql`${table.userId} <> ${table.otherId}`),
    check('conversations_unread_count', sql`${table.unreadCount} >= 0`),
    // The list, latest first, keyset-paged on (last_at, other_id).
    index('conversations_user_last_idx').on(table.userId, table.lastAt.desc(), table.otherId.desc()),
    // A deleted account's rows on the other side (the foreign key's cascade).
    index('conversations_other_idx').on(table.otherId),
  ],
);
