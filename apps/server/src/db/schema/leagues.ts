import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// Weekly leagues (modules/leagues, issue 16). A learner is placed once per league week (Monday
// 00:00 UTC, the weeks of weekly_xp) into a cohort of at most 30 at their tier; the week-end job
// moves the top 7 of each cohort up a tier and the bottom 5 down, once per week.

/** A learner's tier for the weeks to come (no row: tier 1). Written only by the week-end job. */
export const leagueTiers = pgTable(
  'league_tiers',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: integer().notNull(),
  },
  (table) => [check('league_tiers_tier_range', sql`${table.tier} between 1 and 10`)],
);

/** A group of at most 30 learners of one tier competing for one week. */
export const leagueCohorts = pgTable(
  'league_cohorts',
  {
    id: uuid().primaryKey().defaultRandom(),
    weekStart: date({ mode: 'string' }).notNull(),
    tier: integer().notNull(),
    /** Members placed so far; the check keeps a cohort from ever holding more than 30. */
    size: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('league_cohorts_size_range', sql`${table.size} between 0 and 30`),
    check('league_cohorts_tier_range', sql`${table.tier} between 1 and 10`),
    // Placement looks for a cohort of the week and tier with room.
    index('league_cohorts_week_tier_idx').on(table.weekStart, table.tier, table.size),
  ],
);

/** Who is in which cohort in a week: the key places a learner once a week however many ask. */
export const leagueMembers = pgTable(
  'league_members',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekStart: date({ mode: 'string' }).notNull(),
    cohortId: uuid()
      .notNull()
      .references(() => leagueCohorts.id, { onDelete: 'cascade' }),
    placedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.weekStart] }),
    index('league_members_cohort_idx').on(table.cohortId),
    index('league_members_week_idx').on(table.weekStart),
  ],
);

/** A week whose promotions and demotions were applied: the key makes the week-end job run once. */
export const leagueWeeksClosed = pgTable('league_weeks_closed', {
  weekStart: date({ mode: 'string' }).primaryKey(),
  closedAt: timestamp({ withTimezone: true }).notNull(),
});
