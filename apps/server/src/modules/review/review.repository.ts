import type { z } from 'zod';
import type { Database, DatabaseHandle } from '../../db/client';
import type { DeckCard } from '../../db/schema/index';
import { prepareStatement, runStatement } from '../../db/statements';
import type { CardColumnsSchema } from './sql/card-columns';
import { countDue } from './sql/count-due.sql';
import { dueCards } from './sql/due-cards.sql';
import { findCards } from './sql/find-cards.sql';
import { allCards } from './sql/select-cards.sql';
import { upsertCards } from './sql/upsert-cards.sql';

/** A learner's review card for one word (the deck keeps the cards of a lesson's words together). */
export interface ReviewCardRow {
  wordId: string;
  due: Date;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
}

/** A card as SQL reads and writes it in JSON, with its word (snake_case, timestamps as ISO text). */
export type CardColumns = z.infer<typeof CardColumnsSchema>;

/** A card to store: its word, the lesson that word belongs to, and the card. */
export interface DeckEntry {
  lessonId: string;
  wordId: string;
  card: DeckCard;
}

function toRow(wordId: string, card: DeckCard): ReviewCardRow {
  return {
    wordId,
    due: new Date(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ? new Date(card.last_review) : null,
  };
}

export function createReviewRepository(database: DatabaseHandle) {
  const all = prepareStatement(database, allCards);
  const due = prepareStatement(database, dueCards);
  const countDueCards = prepareStatement(database, countDue);
  /** How many cards are due at `now`, and when the first card not yet due will be (null: none waits). */
  const dueSummary = async (userId: string, course: string, now: Date): Promise<{ count: number; nextDue: Date | null }> => {
    const [row] = await countDueCards([userId, course, now.toISOString()]);
    return { count: row?.n ?? 0, nextDue: row?.next_due_ms == null ? null : new Date(row.next_due_ms) };
  };
  const toRows = (rows: { word_id: string; card: DeckCard }[]) => rows.map((row) => toRow(row.word_id, row.card));
  return {
    /** Runs `work` in one transaction; the card methods that take `tx` run inside it. */
    transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return database.db.transaction(work);
    },

    async findCards(tx: Database, userId: string, course: string, wordIds: string[]): Promise<ReviewCardRow[]> {
      if (wordIds.length === 0) return [];
      return toRows(await runStatement(tx, findCards, [userId, course, JSON.stringify(wordIds)]));
    },

    /** Stores the cards, each in its lesson's row (created with no completions when there is none yet). */
    async upsertCards(tx: Database, userId: string, course: string, entries: readonly DeckEntry[]): Promise<void> {
      if (entries.length === 0) return;
      const byLesson = new Map<string, Record<string, DeckCard>>();
      for (const { lessonId, wordId, card } of entries) byLesson.set(lessonId, { ...byLesson.get(lessonId), [wordId]: card });
      const lessons = JSON.stringify([...byLesson].map(([lesson_id, cards]) => ({ lesson_id, cards })));
      await runStatement(tx, upsertCards, [userId, course, lessons]);
    },

    async dueCards(userId: string, course: string, now: Date, limit: number): Promise<ReviewCardRow[]> {
      return toRows(await due([userId, course, now.toISOString(), limit]));
    },

    async countDue(userId: string, course: string, now: Date): Promise<number> {
      return (await dueSummary(userId, course, now)).count;
    },

    dueSummary,

    async allCards(userId: string, course: string): Promise<ReviewCardRow[]> {
      return toRows(await all([userId, course]));
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
