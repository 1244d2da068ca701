import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A generated lesson as sessions share it (ADR 032): a lesson, its course, the learner's languages
 * and a seed make one of a lesson's few variants; the id is a digest of the generated exercises, so
 * the same variant of the same content has one row whatever replica made it, and a content change
 * makes new ones while the sessions already started keep theirs. Never updated, never deleted;
 * nothing personal.
 */
export const lessonVariants = pgTable('lesson_variants', {
  id: text().primaryKey(),
  lessonId: text().notNull(),
  /** The generated exercises with their keys (sessions/lesson-generator GeneratedExercise[]). */
  exercises: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

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
    /**
     * The generated exercises with their keys. Null for a lesson started since migration 0035: its
     * exercises are those of its `variantId`, stored once for every session that draws it.
     */
    exercises: jsonb(),
    /**
     * The lesson variant the session draws (`lesson_variants`, ADR 032). No foreign key: variants are
     * never deleted, and a key would lock the shared variant row at every start.
     */
    variantId: text(),
    /**
     * Each exercise's id → the ids of the words it asks about, for scoring and the review deck
     * without reading the whole generated lesson. Null for practice and review (migration 0013 filled
     * it in for lessons started before it existed).
     */
    itemWords: jsonb().$type<Record<string, string[]>>(),
    answers: jsonb().notNull().default({}),
    localDate: date({ mode: 'string' }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    result: jsonb(),
    /**
     * Which of the day's free lessons this session uses (1 … the free allowance), null on a paid
     * plan and for practice. Unique per learner and day, so the allowance holds however many
     * starts arrive together. (No index may name a column a completion updates, such as
     * completed_at: that would make every completion a non-HOT update; ADR 013.)
     */
    dailySlot: smallint(),
  },
  (table) => [
    // With the lesson (migration 0036): a start finds the lesson's open session of the day, and a
    // learner's sessions of a day are counted, without reading the other sessions of the day (ADR 032).
    index().on(table.userId, table.localDate, table.lessonId),
    uniqueIndex('lesson_sessions_daily_slot_key')
      .on(table.userId, table.localDate, table.dailySlot)
      .where(sql`${table.dailySlot} is not null`),
  ],
);

/** A review card as the deck stores it, under its word's id (timestamps as ISO text). */
export interface DeckCard {
  due: string;
  stability: number;
  difficulty: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: string | null;
}

/**
 * A learner's lesson of a course: the best score (a course switch keeps it) and the FSRS review
 * cards of the lesson's words, one per word met (ADR 012). A row with no completions holds only
 * cards: words met in practice before the lesson was taken.
 */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    course: text().notNull(),
    lessonId: text().notNull(),
    bestScore: integer().notNull().default(0),
    completions: integer().notNull().default(0),
    lastCompletedAt: timestamp({ withTimezone: true }),
    /** Word id → its card. */
    cards: jsonb().$type<Record<string, DeckCard>>().notNull().default({}),
  },
  (table) => [primaryKey({ columns: [table.userId, table.course, table.lessonId] })],
);
