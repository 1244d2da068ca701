import { z } from 'zod';
import { VacationSchema } from './preferences.schema';
import { MAX_STREAK_FREEZES } from './streak';

/** The streak as a learner sees it today, with what keeps it humane: freezes and the vacation. */
export const StreakSchema = z
  .object({
    current: z.number().int().describe('Days in a row, as of today (0 once a missed day could not be covered)'),
    longest: z.number().int(),
    freezes: z
      .number()
      .int()
      .min(0)
      .max(MAX_STREAK_FREEZES)
      .describe('Streak freezes held: one earned per 7 days of streak, used automatically on a missed day'),
    max_freezes: z.literal(MAX_STREAK_FREEZES),
    frozen_days: z.number().int().min(0).describe('Missed days since the last activity that a freeze is covering'),
    on_vacation: z.boolean().describe('Whether today is a vacation day: the streak is paused'),
    vacation: VacationSchema.nullable().describe('The current or coming vacation; null when none'),
  })
  .meta({ id: 'Streak' });
export type Streak = z.infer<typeof StreakSchema>;
