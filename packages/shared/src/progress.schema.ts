import { z } from 'zod';
import { CefrLevelSchema, NATIVE_LANGUAGES, TARGET_LANGUAGES } from './content.schema';
import { StreakSchema } from './streak.schema';

// The progress screen's four reads (spec §2 "Progress", §3 "Progress data"), every figure from
// what the learner really did: the XP ledger's days, the finished lessons, the stored answers and
// the review deck.

/** One of the month's goals: how far the learner is, against a target scaled from the daily goal. */
export const MonthlyGoalSchema = z.object({
  current: z.number().int(),
  target: z.number().int().min(1),
  /** current / target as a whole percentage, capped at 100. */
  percent: z.number().int().min(0).max(100),
});
export type MonthlyGoal = z.infer<typeof MonthlyGoalSchema>;

export const ProgressSummaryResponseSchema = z
  .object({
    course: z.enum(TARGET_LANGUAGES),
    native_language: z.enum(NATIVE_LANGUAGES),
    total_xp: z.number().int(),
    level: z.number().int(),
    xp_to_next_level: z.number().int(),
    level_progress_percent: z.number(),
    daily_goal_xp: z.number().int(),
    /** The learner's local date the figures were read on. */
    today: z.iso.date(),
    tiles: z.object({
      lessons_completed: z.number().int(),
      current_streak: z.number().int(),
      longest_streak: z.number().int(),
      words_learned: z.number().int().describe('The words of the lessons finished in the current course'),
      awards: z
        .number()
        .int()
        .describe('Achievements earned (the stored ones, as GET /progress/{userId}/achievements lists them)'),
    }),
    streak: StreakSchema,
    month: z.object({
      /** The first local day of the month and how many days it has. */
      start: z.iso.date(),
      days: z.number().int(),
      goals: z.object({
        lessons: MonthlyGoalSchema.describe(
          'Lessons finished this month (one taken again counts again); target: the lessons at full marks (50 XP) that earn the XP target',
        ),
        xp: MonthlyGoalSchema.describe('XP earned this month; target: the daily goal times the days of the month'),
        streak_days: MonthlyGoalSchema.describe('Days with a lesson or practice this month; target: every day of the month'),
        new_words: MonthlyGoalSchema.describe(
          'The words of lessons finished for the first time this month; target: the lessons target times the course’s mean words per lesson',
        ),
      }),
    }),
  })
  .meta({ id: 'ProgressSummary' });
export type ProgressSummaryResponse = z.infer<typeof ProgressSummaryResponseSchema>;

export const ProgressWeeklyResponseSchema = z
  .object({
    time_zone: z.string().describe('The zone the days are local to (UTC when the stored one is unknown)'),
    days: z
      .array(
        z.object({
          date: z.iso.date(),
          xp: z.number().int(),
          lessons: z.number().int(),
          practices: z.number().int(),
        }),
      )
      .length(7)
      .describe('The last seven local days, oldest first, ending today'),
    /** The highest day's XP: the bars scale to it (spec §9). */
    max_xp: z.number().int(),
    total_xp: z.number().int(),
    total_lessons: z.number().int(),
  })
  .meta({ id: 'ProgressWeekly' });
export type ProgressWeeklyResponse = z.infer<typeof ProgressWeeklyResponseSchema>;

export const SKILLS = ['speaking', 'reading', 'listening', 'writing'] as const;
export type Skill = (typeof SKILLS)[number];

const SkillScoreSchema = z.object({
  /** Correct answers / answers counted (skips left out), as a whole percentage; 0 before any answer. */
  percent: z.number().int().min(0).max(100),
  answered: z.number().int(),
  correct: z.number().int(),
});

export const ProgressSkillsResponseSchema = z
  .object({
    course: z.enum(TARGET_LANGUAGES),
    overview: z.object({
      speaking: SkillScoreSchema,
      reading: SkillScoreSchema,
      listening: SkillScoreSchema,
      writing: SkillScoreSchema,
    }),
    units: z
      .array(
        z.object({
          id: z.string(),
          title: z.string().describe('In the learner’s native language'),
          icon: z.string(),
          level: CefrLevelSchema,
          words: z.number().int().describe('The words the unit teaches'),
          words_learned: z.number().int().describe('Those of its lessons finished'),
          lessons: z.number().int(),
          lessons_completed: z.number().int(),
          percent: z.number().int().min(0).max(100).describe('Lessons finished / lessons'),
        }),
      )
      .describe('The course’s units in order'),
    deck: z.object({
      cards: z.number().int().describe('Words in the review deck'),
      due_now: z.number().int(),
      learned: z.number().int().describe('Cards past their learning steps (FSRS review state)'),
      recall_percent: z
        .number()
        .int()
        .min(0)
        .max(100)
        .nullable()
        .describe('Predicted recall now, averaged over the cards studied; null before any'),
    }),
  })
  .meta({ id: 'ProgressSkills' });
export type ProgressSkillsResponse = z.infer<typeof ProgressSkillsResponseSchema>;
