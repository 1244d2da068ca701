import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The spec's notification types (§3); `kind` says what happened within one. */
export const NOTIFICATION_TYPES = ['streak', 'social', 'achievement', 'lesson', 'system'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * A learner's in-app notifications, written by modules/notifications (`notify()`, or the
 * `notifyCte()` fragment a producer statement embeds). The texts are not stored: the web app
 * writes them from `kind` and `params` in the interface language. `(user_id, dedupe_key)` is what
 * makes "notified once" hold under retries, concurrent requests and several replicas: an insert
 * that meets an existing key does nothing and returns nothing.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().$type<NotificationType>().notNull(),
    /** What happened, e.g. 'achievement.earned', 'streak.reminder'. */
    kind: text().notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    unique('notifications_user_dedupe_key').on(table.userId, table.dedupeKey),
    check('notifications_type_check', sql`${table.type} in ('streak', 'social', 'achievement', 'lesson', 'system')`),
    // The list, newest first, paged by (created_at, id).
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    // The unread count (bell, bottom navigation) reads only the unread rows.
    index('notifications_user_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
  ],
);
