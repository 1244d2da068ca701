import { z } from 'zod';
import { ACHIEVEMENT_IDS } from './achievements';
import { NATIVE_LANGUAGES, TARGET_LANGUAGES } from './content.schema';
import { userText } from './user-text.schema';

export const ExerciseTypeSchema = z.enum(['multiple-choice', 'fill-blank', 'drag-drop', 'listening', 'speaking']);

/** Only audio exercises can be skipped: with no sound, no microphone or no browser support. */
export const SKIP_REASONS = ['cant_listen', 'cant_speak', 'unsupported'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const LessonSummarySchema = z
  .object({
    id: z.string(),
    unit_id: z.string(),
    title: z.string(),
    description: z.string(),
    difficulty: z.enum(['beginner', 'intermediate', 'advanced']),
    duration: z.number().int().describe('Minutes'),
    xp_reward: z.number().int().describe('The most XP a completion can give'),
    completed: z.boolean(),
    progress: z.number().int().min(0).max(100).describe('Best score so far'),
    category: z.string(),
    icon: z.string(),
  })
  .meta({ id: 'LessonSummary' });
export type LessonSummary = z.infer<typeof LessonSummarySchema>;

export const ListLessonsQuerySchema = z.object({ language: z.enum(TARGET_LANGUAGES).optional() });

/**
 * Where a lesson stands on the course map. `done`: completed at least once (replayable); `next`: the
 * first lesson of the course not done yet; `open`: not done, in a unit the learner has reached;
 * `locked`: in a later unit, opened by reaching it.
 */
export const LESSON_STATES = ['done', 'next', 'open', 'locked'] as const;
export type LessonState = (typeof LESSON_STATES)[number];

export const CourseLessonSchema = LessonSummarySchema.extend({ state: z.enum(LESSON_STATES) }).meta({ id: 'CourseLesson' });
export type CourseLesson = z.infer<typeof CourseLessonSchema>;

/** The day's lesson allowance, the same on the course map and the dashboard. */
export const DailyAllowanceSchema = z
  .object({
    lessons_left_today: z.number().int().nullable().describe('Lesson sessions left today; null: unlimited (Premium)'),
    resets_at: z.iso.datetime().describe('When the learner’s next local day begins (their profile’s time zone)'),
    unfinished_today: z
      .array(z.string())
      .describe('Lessons of this course started today and not finished: they can be continued without a new session'),
  })
  .meta({ id: 'DailyAllowance' });
export type DailyAllowance = z.infer<typeof DailyAllowanceSchema>;

export const CourseUnitSchema = z.object({
  id: z.string(),
  title: z.string(),
  icon: z.string(),
  lessons: z.array(CourseLessonSchema),
  words: z
    .array(z.object({ id: z.string(), text: z.string(), roman: z.string().optional(), translation: z.string() }))
    .describe('The words the unit’s lessons teach, in lesson order'),
});
export type CourseUnit = z.infer<typeof CourseUnitSchema>;

export const ListLessonsResponseSchema = z
  .object({
    course: z.enum(TARGET_LANGUAGES),
    units: z.array(CourseUnitSchema),
    daily: DailyAllowanceSchema,
  })
  .meta({ id: 'Lessons' });
export type ListLessonsResponse = z.infer<typeof ListLessonsResponseSchema>;

export const LessonWordSchema = z.object({
  id: z.string(),
  text: z.string(),
  roman: z.string().optional(),
  translation: z.string(),
});

export const GetLessonResponseSchema = LessonSummarySchema.extend({
  course: z.enum(TARGET_LANGUAGES),
  words: z.array(LessonWordSchema),
  note: z.object({ text: z.string(), language: z.string() }),
}).meta({ id: 'Lesson' });
export type GetLessonResponse = z.infer<typeof GetLessonResponseSchema>;

export const LessonIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

const ExerciseBase = {
  id: z.string(),
  instruction: z.string(),
  instruction_language: z.enum(NATIVE_LANGUAGES),
  xp_reward: z.number().int(),
  metadata: z.object({
    target_language: z.enum(TARGET_LANGUAGES),
    native_language: z.enum(NATIVE_LANGUAGES),
    skill_type: z.string(),
  }),
};

/** What the learner is shown; the answers stay on the server. */
export const ExerciseSchema = z
  .discriminatedUnion('type', [
    z.object({
      ...ExerciseBase,
      type: z.literal('multiple-choice'),
      content: z.object({
        prompt: z.string(),
        options: z.array(z.object({ id: z.string(), text: z.string(), roman: z.string().optional() })),
      }),
    }),
    z.object({
      ...ExerciseBase,
      type: z.literal('fill-blank'),
      content: z.object({
        context: z.string().describe('The sentence with ____ where the word goes'),
        masked_word: z.string(),
        hint: z.string().describe('The sentence in the native language'),
        roman: z.string().optional().describe('The sentence romanised, with ____ where the word goes'),
        choices: z
          .array(z.object({ text: z.string(), roman: z.string().optional() }))
          .optional()
          .describe('Non-Latin courses: a word bank to tap instead of typing, the answer among words taught so far'),
      }),
    }),
    z.object({
      ...ExerciseBase,
      type: z.literal('drag-drop'),
      content: z.object({
        prompt: z.string().describe('The sentence in the native language'),
        words: z.array(z.string()),
        words_roman: z.array(z.string()).optional().describe('Each word’s romanisation, in the order of `words`'),
      }),
    }),
    z.object({
      ...ExerciseBase,
      type: z.literal('listening'),
      content: z.object({
        words: z.array(z.string()).describe('The words of the sentence heard, shuffled'),
        words_roman: z.array(z.string()).optional().describe('Each word’s romanisation, in the order of `words`'),
        speech_text: z
          .string()
          .describe('What the browser reads aloud. Audio only: a client must not display it before the answer'),
      }),
    }),
    z.object({
      ...ExerciseBase,
      type: z.literal('speaking'),
      content: z.object({
        sentence: z.string().describe('The sentence to say, in the course language'),
        roman: z.string().optional(),
        translation: z.string().describe('The sentence in the native language'),
      }),
    }),
  ])
  .meta({ id: 'Exercise' });
export type Exercise = z.infer<typeof ExerciseSchema>;

export const StartLessonResponseSchema = z
  .object({
    session_id: z.uuid(),
    lesson: LessonSummarySchema,
    exercises: z.array(ExerciseSchema),
    answered: z.array(z.string()).describe('Exercises already answered when a session is resumed'),
    results: z.array(z.lazy(() => AnswerExerciseResponseSchema)).describe('The stored result of each answered exercise'),
    resumed: z.boolean(),
  })
  .meta({ id: 'LessonSession' });
export type StartLessonResponse = z.infer<typeof StartLessonResponseSchema>;

export const AnswerExerciseParamsSchema = z.object({ id: z.string().min(1).max(64), exerciseId: z.string().min(1).max(64) });

export const AnswerExerciseBodySchema = z
  .strictObject({
    session_id: z.uuid(),
    answer: z
      .union([userText().max(500), z.array(userText().max(200)).max(40)])
      .describe(
        'An option id, the missing word, the words in order, or for speaking the recogniser’s transcripts (at most 5, best first)',
      ),
  })
  .meta({ id: 'AnswerExerciseBody' });
export type AnswerExerciseBody = z.infer<typeof AnswerExerciseBodySchema>;

export const AnswerExerciseResponseSchema = z
  .object({
    exercise_id: z.string(),
    correct: z.boolean(),
    verdict: z
      .enum(['exact', 'alternative', 'missing_accent', 'typo', 'romanised', 'close', 'wrong', 'skipped'])
      .describe('`romanised`: a fill-in answered in the romanisation, which counts as correct'),
    expected: z.string(),
    expected_roman: z.string().optional().describe('Non-Latin courses: the expected answer’s romanisation'),
    expected_option_id: z.string().optional(),
    similarity: z.number().min(0).max(1).optional().describe('Speaking: how close the best transcript came (0–1)'),
    heard: z.string().optional().describe('Speaking: the transcript that came closest'),
    skipped: z.enum(SKIP_REASONS).optional().describe('Set when the item was skipped: it counts neither way'),
    explanation: z.object({ text: z.string(), language: z.string() }),
  })
  .meta({ id: 'ExerciseResult' });
export type AnswerExerciseResponse = z.infer<typeof AnswerExerciseResponseSchema>;

export const SkipExerciseBodySchema = z
  .strictObject({ session_id: z.uuid(), reason: z.enum(SKIP_REASONS) })
  .meta({ id: 'SkipExerciseBody' });
export type SkipExerciseBody = z.infer<typeof SkipExerciseBodySchema>;

export const SessionBodySchema = z.strictObject({ session_id: z.uuid() }).meta({ id: 'SessionBody' });

export const CompleteLessonResponseSchema = z
  .object({
    session_id: z.uuid(),
    lesson_id: z.string(),
    correct: z.number().int(),
    total: z.number().int().describe('Exercises that count: all but the skipped ones'),
    skipped: z.number().int().default(0),
    score: z.number().int(),
    xp_earned: z.number().int(),
    badge: z.enum(['excellent', 'good', 'needs_practice']),
    total_xp: z.number().int(),
    level: z.number().int(),
    xp_to_next_level: z.number().int(),
    current_streak: z.number().int(),
    lessons_completed: z.number().int(),
    daily_goal_percent: z.number().int(),
    achievements_earned: z
      .array(z.enum(ACHIEVEMENT_IDS))
      .describe('The achievements this completion earned (empty on most completions, and on a replay of one that earned none)'),
  })
  .meta({ id: 'LessonCompletion' });
export type CompleteLessonResponse = z.infer<typeof CompleteLessonResponseSchema>;

export const SearchLessonsQuerySchema = z.object({
  q: userText().trim().min(2, 'Type at least 2 characters.').max(100),
  language: z.enum(TARGET_LANGUAGES).optional(),
});

export const SearchLessonsResponseSchema = z
  .object({
    results: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        description: z.string(),
        type: z.enum(['lesson', 'vocabulary']),
        difficulty: z.string(),
        lesson_id: z.string(),
      }),
    ),
  })
  .meta({ id: 'LessonSearch' });

export const RecommendedLessonsResponseSchema = z
  .object({ lessons: z.array(LessonSummarySchema) })
  .meta({ id: 'RecommendedLessons' });

export const LanguageOptionSchema = z
  .object({
    code: z.enum(TARGET_LANGUAGES),
    name: z.string().describe('In the requested interface language'),
    native_name: z.string(),
    flag: z.string(),
    difficulty: z.enum(['Easy', 'Medium', 'Hard']),
    popularity: z.enum(['Most Popular', 'Very Popular', 'Popular', 'Trending', 'Growing', 'Moderate']),
    speakers: z.string(),
    description: z.string(),
    tts_locale: z.string(),
  })
  .meta({ id: 'LanguageOption' });
export type LanguageOption = z.infer<typeof LanguageOptionSchema>;

export const ListLanguagesQuerySchema = z.object({ lang: z.string().max(8).optional() });
export const ListLanguagesResponseSchema = z.object({ languages: z.array(LanguageOptionSchema) }).meta({ id: 'Languages' });
