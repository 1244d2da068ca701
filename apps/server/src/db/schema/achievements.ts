import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The achievements a learner has earned (catalogue: packages/shared/src/achievements.ts), written
 * by modules/achievements inside the transaction that earned them. The key makes each one earned
 * once, however many completions arrive together.
 */
export const achievements = pgTable(
  'achievements',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementId: text().notNull(),
    earnedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.achievementId] })],
);
