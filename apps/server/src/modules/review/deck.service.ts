import type { ContentWord, NativeLanguage, TargetLanguage } from '@parla/shared/content.schema';
import type { Clock } from '../../lib/clock';
import type { ContentProvider } from '../catalogue/content-bank';
import type { LearnersService } from '../learners/learners.service';
import type { ReviewCardRow, ReviewRepository } from './review.repository';
import { retrievability, stateName } from './review.service';

/** The learner's review deck as the review screens read it: what is due, and the weakest words. */
export function createDeckService({
  reviewRepo,
  learners,
  content,
  clock,
}: {
  reviewRepo: ReviewRepository;
  learners: LearnersService;
  content: ContentProvider;
  clock: Clock;
}) {
  return {
    /** The cards due now, at most `limit` (0: only how many, and when the next one will be). */
    async dueCards(userId: string, limit = 50) {
      const { nativeLanguage: native, targetLanguage: course } = await learners.requireLearner(userId);
      const bank = content.get();
      const now = clock.now();
      const [due, summary] = await Promise.all([
        limit > 0 ? reviewRepo.dueCards(userId, course, now, limit) : [],
        reviewRepo.dueSummary(userId, course, now),
      ]);
      return {
        course,
        due_count: summary.count,
        next_due: summary.nextDue?.toISOString() ?? null,
        cards: due.flatMap((card) => presentCard(card, bank.wordsById.get(card.wordId), course, native, now)),
      };
    },

    /** The words most likely forgotten: studied cards with the lowest retrievability now. */
    async weakAreas(userId: string) {
      const { nativeLanguage: native, targetLanguage: course } = await learners.requireLearner(userId);
      const bank = content.get();
      const now = clock.now();
      const cards = (await reviewRepo.allCards(userId, course))
        .filter((card) => card.reps > 0)
        .map((card) => ({ card, r: retrievability(card, now) }))
        .sort((a, b) => a.r - b.r || b.card.lapses - a.card.lapses)
        .slice(0, 10);
      return {
        course,
        cards: cards.flatMap(({ card }) => presentCard(card, bank.wordsById.get(card.wordId), course, native, now)),
      };
    },
  };
}

function presentCard(
  card: ReviewCardRow,
  word: ContentWord | undefined,
  course: TargetLanguage,
  native: NativeLanguage,
  now: Date,
) {
  if (!word) return [];
  return [
    {
      word_id: card.wordId,
      text: word.forms[course].text,
      translation: word.forms[native].text,
      due: card.due.toISOString(),
      state: stateName(card.state),
      retrievability: retrievability(card, now),
      reps: card.reps,
      lapses: card.lapses,
    },
  ];
}

export type DeckService = ReturnType<typeof createDeckService>;
