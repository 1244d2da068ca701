import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per browser (device) a learner turned Web Push on in: what the browser's push service
 * handed it (`PushSubscription.toJSON()`). The endpoint is unique, so a device that subscribes again
 * — or whose next learner signs in and turns push on — updates its one row (`on conflict (endpoint)
 * do update`) instead of adding another. modules/push deletes a row when the push service answers
 * 404 or 410 (the browser dropped the subscription) and keeps it on any other failure.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this device; a capability, never logged whole. */
    endpoint: text().notNull().unique(),
    /** The browser's P-256 public key (base64url, 65 bytes uncompressed) the payload is encrypted to. */
    p256dh: text().notNull(),
    /** The browser's 16-byte authentication secret (base64url). */
    auth: text().notNull(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId, table.createdAt)],
);
