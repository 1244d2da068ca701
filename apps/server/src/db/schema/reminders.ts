import { date, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per streak-at-risk reminder: the reservation modules/reminders makes before it sends
 * anything (ADR 023). Its key, one learner and local day, is what makes the reminder go out once
 * whichever replica's tick, or how many concurrent ticks, find the learner due: the insert that
 * meets an existing key does nothing and returns nothing, and only a returned row is sent (in-app,
 * e-mail, push). It also holds the reservation when the in-app channel is off. Rows older than a
 * few days can never be met again and are pruned by the ticks.
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The learner's local day the reminder is for. */
    localDate: date({ mode: 'string' }).notNull(),
    /** The streak at risk when it was reserved. */
    streak: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.localDate] })],
);
