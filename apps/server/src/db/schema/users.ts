import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The account every learner-owned row hangs off. The accounts module adds the profile and
// credentials around it; keep this table narrow.
export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  fullName: text().notNull(),
  passwordHash: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
