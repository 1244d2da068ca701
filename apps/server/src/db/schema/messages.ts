import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
