import { date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A generated lesson (or practice) a learner is taking; the answers stay here, not in the browser. */
export const lessonSessions = pgTable(
  'lesson_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull().default('lesson'),
    lessonId: text().notNull(),
    course: text().notNull(),
    nativeLanguage: text().notNull(),
    seed: integer().notNull(),
    exercises: jsonb().notNull(),
    /**
     * Each exercise's id → the ids of the words it asks about, for scoring and the review deck
     * without reading the whole generated lesson. Null for sessions started before it existed.
     */
    itemWords: jsonb().$type<Record<string, string[]>>(),
    answers: jsonb().notNull().default({}),
    localDate: date({ mode: 'string' }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    result: jsonb(),
  },
  (table) => [index().on(table.userId, table.localDate)],
);

/** Best score per lesson of a course; a course switch keeps it. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    course: text().notNull(),
    lessonId: text().notNull(),
    bestScore: integer().notNull(),
    completions: integer().notNull().default(1),
    lastCompletedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.course, table.lessonId] })],
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

/** One FSRS card per learner, course and word met: when to see it again and how well it is known. */
export const reviewCards = pgTable(
  'review_cards',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    course: text().notNull(),
    wordId: text().notNull(),
    due: timestamp({ withTimezone: true }).notNull(),
    stability: doublePrecision().notNull(),
    difficulty: doublePrecision().notNull(),
    scheduledDays: integer().notNull(),
    learningSteps: integer().notNull(),
    reps: integer().notNull(),
    lapses: integer().notNull(),
    state: integer().notNull(),
    lastReview: timestamp({ withTimezone: true }),
  },
  // No index on `due`: a deck holds at most the course's words (~360), which the primary key's
  // (user, course) prefix reads at once; a second index only slowed every card write down.
  (table) => [primaryKey({ columns: [table.userId, table.course, table.wordId] })],
);
