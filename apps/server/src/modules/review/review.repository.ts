import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { DeckCard } from '../../db/schema/index';

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
export interface CardColumns extends DeckCard {
  word_id: string;
}

/** A card to store: its word, the lesson that word belongs to, and the card. */
export interface DeckEntry {
  lessonId: string;
  wordId: string;
  card: DeckCard;
}

/** The rows of a raw query: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
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

/** The learner's cards of a course, one row per word, narrowed by `where` (on `word_id` and `due`). */
async function selectCards(
  db: Database,
  userId: string,
  course: string,
  where: SQL = sql`true`,
  tail: SQL = sql``,
): Promise<ReviewCardRow[]> {
  const result = await db.execute(sql`
    select c.word_id, c.card
      from lesson_progress lp
     cross join lateral (select e.key as word_id, e.value as card, (e.value->>'due')::timestamptz as due
                           from jsonb_each(lp.cards) e) c
     where lp.user_id = ${userId} and lp.course = ${course} and ${where}
     ${tail}`);
  return rowsOf<{ word_id: string; card: DeckCard }>(result).map((row) => toRow(row.word_id, row.card));
}

export function createReviewRepository(db: Database) {
  return {
    db,

    async findCards(tx: Database, userId: string, course: string, wordIds: string[]): Promise<ReviewCardRow[]> {
      if (wordIds.length === 0) return [];
      return selectCards(
        tx,
        userId,
        course,
        sql`c.word_id in (select jsonb_array_elements_text(${JSON.stringify(wordIds)}::jsonb))`,
      );
    },

    /** Stores the cards, each in its lesson's row (created with no completions when there is none yet). */
    async upsertCards(tx: Database, userId: string, course: string, entries: readonly DeckEntry[]): Promise<void> {
      if (entries.length === 0) return;
      const byLesson = new Map<string, Record<string, DeckCard>>();
      for (const { lessonId, wordId, card } of entries) byLesson.set(lessonId, { ...byLesson.get(lessonId), [wordId]: card });
      const lessons = JSON.stringify([...byLesson].map(([lesson_id, cards]) => ({ lesson_id, cards })));
      await tx.execute(sql`
        insert into lesson_progress (user_id, course, lesson_id, cards)
        select ${userId}, ${course}, l.lesson_id, l.cards
          from jsonb_to_recordset(${lessons}::jsonb) as l(lesson_id text, cards jsonb)
        on conflict (user_id, course, lesson_id) do update set cards = lesson_progress.cards || excluded.cards`);
    },

    async dueCards(userId: string, course: string, now: Date, limit: number): Promise<ReviewCardRow[]> {
      return selectCards(db, userId, course, sql`c.due <= ${now.toISOString()}::timestamptz`, sql`order by c.due limit ${limit}`);
    },

    async countDue(userId: string, course: string, now: Date): Promise<number> {
      const result = await db.execute(sql`
        select count(*)::int as n
          from lesson_progress lp, jsonb_each(lp.cards) e
         where lp.user_id = ${userId} and lp.course = ${course}
           and (e.value->>'due')::timestamptz <= ${now.toISOString()}::timestamptz`);
      return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    },

    async allCards(userId: string, course: string): Promise<ReviewCardRow[]> {
      return selectCards(db, userId, course);
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
