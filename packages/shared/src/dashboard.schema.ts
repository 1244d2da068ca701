import { z } from 'zod';
import { NATIVE_LANGUAGES, TARGET_LANGUAGES } from './content.schema';
import { LessonSummarySchema } from './lessons.schema';
import { PlanSchema } from './plans';
import { StreakSchema } from './streak.schema';

export const DashboardResponseSchema = z
  .object({
    full_name: z.string(),
    course: z.enum(TARGET_LANGUAGES),
    native_language: z.enum(NATIVE_LANGUAGES),
    total_xp: z.number().int(),
    level: z.number().int(),
    xp_to_next_level: z.number().int(),
    level_progress_percent: z.number(),
    current_streak: z.number().int(),
    streak: StreakSchema.describe('The streak with its freezes and vacation (current_streak is streak.current)'),
    lessons_completed: z.number().int(),
    daily_goal_xp: z.number().int(),
    xp_today: z.number().int(),
    daily_goal_percent: z.number().int(),
    /** Free learners: lesson sessions left today (null for premium). */
    lessons_left_today: z.number().int().nullable(),
    plan: PlanSchema,
    /** When the day's allowance resets: the learner's next local midnight. */
    resets_at: z.iso.datetime(),
    /** Lessons of the course started today and not finished: continuing one needs no new session. */
    unfinished_today: z.array(z.string()),
    continue_learning: z.array(LessonSummarySchema).max(3).describe('The next lessons not done yet, in course order'),
    review_lessons: z
      .array(LessonSummarySchema)
      .max(3)
      .describe('Finished lessons worth replaying: the lowest best scores first'),
    /** Every achievement of the catalogue (packages/shared/src/achievements.ts), in its order: earned (when) or not. */
    achievements: z.array(
      z.object({ id: z.string(), icon: z.string(), earned: z.boolean(), earned_at: z.iso.datetime().nullable() }),
    ),
    week: z.array(z.object({ date: z.iso.date(), xp: z.number().int(), lessons: z.number().int() })).length(7),
  })
  .meta({ id: 'Dashboard' });
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;
