import { type Card, createEmptyCard, fsrs, Rating, State } from 'ts-fsrs';
import type { DeckCard } from '../../db/schema/index';
import type { CardColumns, ReviewCardRow, ReviewRepository } from './review.repository';

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

/** A card as the deck stores it in JSON (snake_case, timestamps as ISO text). */
function toDeckCard(card: Card): DeckCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review?.toISOString() ?? null,
  };
}

function toColumns(wordId: string, card: Card): CardColumns {
  return { word_id: wordId, ...toDeckCard(card) };
}

function fromColumns(card: CardColumns): Card {
  return {
    due: new Date(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: 0,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state as State,
    ...(card.last_review ? { last_review: new Date(card.last_review) } : {}),
  };
}

/** One grade per word: a word asked twice counts once, wrong if either answer was wrong. */
function gradesByWord(results: readonly { wordId: string; correct: boolean }[]): Map<string, boolean> {
  const byWord = new Map<string, boolean>();
  for (const { wordId, correct } of results) byWord.set(wordId, (byWord.get(wordId) ?? true) && correct);
  return byWord;
}

/**
 * The cards a finished lesson writes: each word asked about gets its next schedule from the answer
 * ("Good" when right, "Again" when wrong), starting from its card in `existing` or a new one; the
 * lesson's other words without a card in `existing` join as new cards (due at once). Words met
 * before and not asked about are left as they are (and the writer never overwrites an existing
 * card with a new one: it keeps cards when the written `reps` is 0).
 */
export function lessonCards(
  wordIds: readonly string[],
  existing: readonly CardColumns[],
  results: readonly { wordId: string; correct: boolean }[],
  now: Date,
): CardColumns[] {
  const cards = new Map(existing.map((card) => [card.word_id, card]));
  const grades = gradesByWord(results);
  const written: CardColumns[] = [];
  for (const wordId of new Set([...wordIds, ...grades.keys()])) {
    const card = cards.get(wordId);
    const correct = grades.get(wordId);
    if (correct === undefined) {
      if (!card) written.push(toColumns(wordId, createEmptyCard(now)));
      continue;
    }
    const next = scheduler.next(card ? fromColumns(card) : createEmptyCard(now), now, correct ? Rating.Good : Rating.Again);
    written.push(toColumns(wordId, next.card));
  }
  return written;
}

export function stateName(state: number): (typeof STATE_NAMES)[State] {
  return STATE_NAMES[state as State] ?? 'new';
}

export function retrievability(row: ReviewCardRow, now: Date): number {
  if (row.state === State.New) return 0;
  return Math.max(0, Math.min(1, scheduler.get_retrievability(toCard(row), now, false)));
}

/**
 * Spaced repetition with FSRS: every word a learner meets becomes a card, every answer grades it.
 * `lessonOf` names the lesson a word belongs to: the deck keeps a lesson's cards together.
 */
export function createReviewService({
  repo,
  lessonOf,
}: {
  repo: ReviewRepository;
  lessonOf: (wordId: string) => string | undefined;
}) {
  return {
    /** A right answer is "Good", a wrong one (or no answer in time) "Again". */
    async grade(userId: string, course: string, results: { wordId: string; correct: boolean }[], now: Date): Promise<void> {
      const byWord = gradesByWord(results);
      await repo.transaction(async (tx) => {
        const existing = new Map((await repo.findCards(tx, userId, course, [...byWord.keys()])).map((row) => [row.wordId, row]));
        await repo.upsertCards(
          tx,
          userId,
          course,
          [...byWord].flatMap(([wordId, correct]) => {
            const lessonId = lessonOf(wordId);
            if (!lessonId) return [];
            const row = existing.get(wordId);
            const card = row ? toCard(row) : createEmptyCard(now);
            return [{ lessonId, wordId, card: toDeckCard(scheduler.next(card, now, correct ? Rating.Good : Rating.Again).card) }];
          }),
        );
      });
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
