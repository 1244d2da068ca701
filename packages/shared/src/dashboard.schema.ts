import { z } from 'zod';
import { NATIVE_LANGUAGES, TARGET_LANGUAGES } from './content.schema';
import { LessonSummarySchema } from './lessons.schema';
import { PlanSchema } from './plans';

/** Milestones earned from real activity; the web app names them in the interface language. */
export const ACHIEVEMENTS = [
  { id: 'first-lesson', icon: '🎯', metric: 'lessons', threshold: 1 },
  { id: 'five-lessons', icon: '📚', metric: 'lessons', threshold: 5 },
  { id: 'streak-3', icon: '🔥', metric: 'streak', threshold: 3 },
  { id: 'streak-7', icon: '🏆', metric: 'streak', threshold: 7 },
  { id: 'xp-100', icon: '⭐', metric: 'xp', threshold: 100 },
  { id: 'xp-500', icon: '🌟', metric: 'xp', threshold: 500 },
] as const;
export type AchievementId = (typeof ACHIEVEMENTS)[number]['id'];

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
    lessons_completed: z.number().int(),
    daily_goal_xp: z.number().int(),
    xp_today: z.number().int(),
    daily_goal_percent: z.number().int(),
    /** Free learners: lesson sessions left today (null for premium). */
    lessons_left_today: z.number().int().nullable(),
    plan: PlanSchema,
    continue_learning: z.array(LessonSummarySchema).max(3),
    achievements: z.array(z.object({ id: z.string(), icon: z.string(), earned: z.boolean() })),
    week: z.array(z.object({ date: z.iso.date(), xp: z.number().int(), lessons: z.number().int() })).length(7),
  })
  .meta({ id: 'Dashboard' });
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;
