import { z } from 'zod';
import { ACHIEVEMENT_IDS } from './achievements';
import { NATIVE_LANGUAGES, TARGET_LANGUAGES } from './content.schema';

/** Spec §9: 30 seconds per quick-practice question. */
export const PRACTICE_SECONDS_PER_QUESTION = 30;
export const PRACTICE_QUESTION_COUNT = 5;
export const REVIEW_QUESTION_LIMIT = 10;

export const PracticeQuestionSchema = z
  .object({
    id: z.string(),
    type: z.enum(['to-target', 'to-native']),
    question: z.string(),
    options: z.array(z.string()).length(4),
    word_id: z.string(),
  })
  .meta({ id: 'PracticeQuestion' });
export type PracticeQuestion = z.infer<typeof PracticeQuestionSchema>;

export const StartPracticeResponseSchema = z
  .object({
    session_id: z.uuid(),
    kind: z.enum(['practice', 'review']),
    course: z.enum(TARGET_LANGUAGES),
    native_language: z.enum(NATIVE_LANGUAGES),
    seconds_per_question: z.number().int(),
    questions: z.array(PracticeQuestionSchema),
  })
  .meta({ id: 'PracticeSession' });
export type StartPracticeResponse = z.infer<typeof StartPracticeResponseSchema>;

export const PracticeIdParamsSchema = z.object({ id: z.uuid() });

/** Optional: review one lesson's words (due first, then the rest) instead of every card that is due. */
export const StartReviewBodySchema = z
  .strictObject({ lesson_id: z.string().min(1).max(64).describe('A lesson the learner has taken') })
  .meta({ id: 'StartReviewBody' });
export type StartReviewBody = z.infer<typeof StartReviewBodySchema>;

export const AnswerPracticeBodySchema = z
  .strictObject({
    question_id: z.string().min(1).max(16),
    /** The chosen option's index, or null when the time ran out. */
    answer: z.number().int().min(0).max(3).nullable(),
  })
  .meta({ id: 'AnswerPracticeBody' });
export type AnswerPracticeBody = z.infer<typeof AnswerPracticeBodySchema>;

/** The word a question was about, once answered: in the course's script, its romanisation if it has one, and its meaning. */
export const AnsweredWordSchema = z
  .object({ text: z.string(), roman: z.string().optional(), translation: z.string() })
  .meta({ id: 'AnsweredWord' });

export const AnswerPracticeResponseSchema = z
  .object({
    question_id: z.string(),
    correct: z.boolean(),
    correct_answer: z.number().int(),
    explanation: z.string(),
    word: AnsweredWordSchema.optional(),
  })
  .meta({ id: 'PracticeAnswer' });
export type AnswerPracticeResponse = z.infer<typeof AnswerPracticeResponseSchema>;

export const CompletePracticeResponseSchema = z
  .object({
    session_id: z.uuid(),
    correct: z.number().int(),
    total: z.number().int(),
    accuracy: z.number().int(),
    xp_earned: z.number().int(),
    stars: z.number().int().min(0).max(3),
    total_xp: z.number().int(),
    current_streak: z.number().int(),
    achievements_earned: z.array(z.enum(ACHIEVEMENT_IDS)).describe('The achievements this completion earned'),
  })
  .meta({ id: 'PracticeCompletion' });
export type CompletePracticeResponse = z.infer<typeof CompletePracticeResponseSchema>;

export const ReviewCardSchema = z
  .object({
    word_id: z.string(),
    text: z.string(),
    translation: z.string(),
    due: z.iso.datetime(),
    state: z.enum(['new', 'learning', 'review', 'relearning']),
    retrievability: z.number().min(0).max(1),
    reps: z.number().int(),
    lapses: z.number().int(),
  })
  .meta({ id: 'ReviewCard' });

/** `limit=0` answers with the count and the next due time only (the dashboard's "N words to review"). */
export const DueCardsQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(50).default(50),
});

export const DueCardsResponseSchema = z
  .object({
    course: z.enum(TARGET_LANGUAGES),
    due_count: z.number().int(),
    /** When the first card not yet due will be, or null when every card is due (or there are none). */
    next_due: z.iso.datetime().nullable(),
    cards: z.array(ReviewCardSchema),
  })
  .meta({ id: 'DueCards' });
export type DueCardsResponse = z.infer<typeof DueCardsResponseSchema>;
export const WeakAreasResponseSchema = z
  .object({ course: z.enum(TARGET_LANGUAGES), cards: z.array(ReviewCardSchema) })
  .meta({ id: 'WeakAreas' });
