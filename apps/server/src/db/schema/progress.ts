import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// What modules/progress writes, and nothing else does (docs/decisions/017-progress-ledger-and-events.md).
// The learner's totals (XP, lessons, streak, last active day) are on `profiles`, written by the
// same statements.

/** What earns XP. */
export type XpSourceKind = 'lesson' | 'practice' | 'review';

/**
 * The XP ledger, append-only: one row per thing that earned XP. The key makes an award happen
 * once however often (or however concurrently) it is asked for; totals, days and weeks are
 * added up from the rows an award actually inserted.
 */
export const xpEvents = pgTable(
  'xp_events',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceKind: text().$type<XpSourceKind>().notNull(),
    /** The session (lesson, practice or review) that earned it. */
    sourceId: text().notNull(),
    xp: integer().notNull(),
    /** The learner's local day of the award. */
    localDate: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.sourceKind, table.sourceId] })],
);

/** XP and activity per local day: daily goal, weekly bars, streaks. */
export const dailyActivity = pgTable(
  'daily_activity',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localDate: date({ mode: 'string' }).notNull(),
    xp: integer().notNull().default(0),
    lessons: integer().notNull().default(0),
    practices: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.localDate] })],
);

/**
 * XP per learner and league week (weeks start on Monday 00:00 UTC, the same instant for every
 * learner, so a league's members compare like with like). The leaderboards read it.
 */
export const weeklyXp = pgTable(
  'weekly_xp',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekStart: date({ mode: 'string' }).notNull(),
    xp: integer().notNull().default(0),
  },
  // No index names `xp`: every award updates it, and must stay a HOT update (ADR 013).
  (table) => [primaryKey({ columns: [table.userId, table.weekStart] })],
);
