import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reviewCards } from '../../db/schema/index';

export type ReviewCardRow = typeof reviewCards.$inferSelect;

/** A review card's columns as JSON carries them (snake_case, timestamps as ISO text). */
export interface CardColumns {
  word_id: string;
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

export function createReviewRepository(db: Database) {
  return {
    db,

    async findCards(tx: Database, userId: string, course: string, wordIds: string[]): Promise<ReviewCardRow[]> {
      if (wordIds.length === 0) return [];
      return tx
        .select()
        .from(reviewCards)
        .where(and(eq(reviewCards.userId, userId), eq(reviewCards.course, course), inArray(reviewCards.wordId, wordIds)));
    },

    async upsertCards(tx: Database, rows: (typeof reviewCards.$inferInsert)[]): Promise<void> {
      if (rows.length === 0) return;
      await tx
        .insert(reviewCards)
        .values(rows)
        .onConflictDoUpdate({
          target: [reviewCards.userId, reviewCards.course, reviewCards.wordId],
          set: {
            due: sql`excluded.due`,
            stability: sql`excluded.stability`,
            difficulty: sql`excluded.difficulty`,
            scheduledDays: sql`excluded.scheduled_days`,
            learningSteps: sql`excluded.learning_steps`,
            reps: sql`excluded.reps`,
            lapses: sql`excluded.lapses`,
            state: sql`excluded.state`,
            lastReview: sql`excluded.last_review`,
          },
        });
    },

    async dueCards(userId: string, course: string, now: Date, limit: number): Promise<ReviewCardRow[]> {
      return db
        .select()
        .from(reviewCards)
        .where(and(eq(reviewCards.userId, userId), eq(reviewCards.course, course), lte(reviewCards.due, now)))
        .orderBy(asc(reviewCards.due))
        .limit(limit);
    },

    async countDue(userId: string, course: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(reviewCards)
        .where(and(eq(reviewCards.userId, userId), eq(reviewCards.course, course), lte(reviewCards.due, now)));
      return Number(row?.n ?? 0);
    },

    async allCards(userId: string, course: string): Promise<ReviewCardRow[]> {
      return db
        .select()
        .from(reviewCards)
        .where(and(eq(reviewCards.userId, userId), eq(reviewCards.course, course)));
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
