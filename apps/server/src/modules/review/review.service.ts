import { type Card, createEmptyCard, fsrs, Rating, State } from 'ts-fsrs';
import type { Database } from '../../db/client';
import type { ReviewCardRow, ReviewRepository } from './review.repository';

const scheduler = fsrs();
const STATE_NAMES = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
} as const;

function toCard(row: ReviewCardRow): Card {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: 0,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    ...(row.lastReview ? { last_review: row.lastReview } : {}),
  };
}

function toRow(userId: string, course: string, wordId: string, card: Card) {
  return {
    userId,
    course,
    wordId,
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

export function stateName(state: number): (typeof STATE_NAMES)[State] {
  return STATE_NAMES[state as State] ?? 'new';
}

export function retrievability(row: ReviewCardRow, now: Date): number {
  if (row.state === State.New) return 0;
  return Math.max(0, Math.min(1, scheduler.get_retrievability(toCard(row), now, false)));
}

/** Spaced repetition with FSRS: every word a learner meets becomes a card, every answer grades it. */
export function createReviewService({ repo }: { repo: ReviewRepository }) {
  return {
    /** Words seen in a finished lesson join the deck (due at once, as new cards). */
    async meetWords(tx: Database, userId: string, course: string, wordIds: string[], now: Date): Promise<void> {
      await repo.insertNewCards(
        tx,
        wordIds.map((wordId) => toRow(userId, course, wordId, createEmptyCard(now))),
      );
    },

    /** A right answer is "Good", a wrong one (or no answer in time) "Again". */
    async grade(
      tx: Database,
      userId: string,
      course: string,
      results: { wordId: string; correct: boolean }[],
      now: Date,
    ): Promise<void> {
      // One grade per word per call: a word asked twice counts once, wrong if either was wrong.
      const byWord = new Map<string, boolean>();
      for (const { wordId, correct } of results) byWord.set(wordId, (byWord.get(wordId) ?? true) && correct);
      const existing = new Map((await repo.findCards(tx, userId, course, [...byWord.keys()])).map((row) => [row.wordId, row]));
      await repo.upsertCards(
        tx,
        [...byWord].map(([wordId, correct]) => {
          const row = existing.get(wordId);
          const card = row ? toCard(row) : createEmptyCard(now);
          return toRow(userId, course, wordId, scheduler.next(card, now, correct ? Rating.Good : Rating.Again).card);
        }),
      );
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
