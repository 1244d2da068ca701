import { TARGET_LANGUAGES } from '@parla/shared/content.schema';
import { z } from 'zod';

/**
 * What the friends and suggestions statements read about another learner (`u`: users, `p`:
 * profiles): enough to show their level, their streak as of their own today, and whether they
 * are online. Instants are milliseconds since the epoch; dates are YYYY-MM-DD text.
 */
export const LEARNER_COLUMNS = `u.id as user_id, u.full_name as name, p.target_language as course, p.total_xp,
         p.current_streak, p.longest_streak, p.last_active_date::text as last_active_date, p.streak_freezes,
         p.vacation_start::text as vacation_start, p.vacation_until::text as vacation_until, p.timezone,
         (extract(epoch from p.last_seen_at) * 1000)::float8 as last_seen_ms, p.is_private`;

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const learnerRow = z.object({
  user_id: z.string(),
  name: z.string(),
  course: z.enum(TARGET_LANGUAGES),
  total_xp: z.number().int(),
  current_streak: z.number().int(),
  longest_streak: z.number().int(),
  last_active_date: localDate.nullable(),
  streak_freezes: z.number().int(),
  vacation_start: localDate.nullable(),
  vacation_until: localDate.nullable(),
  timezone: z.string(),
  last_seen_ms: z.number().nullable(),
  is_private: z.boolean(),
  follows_me: z.boolean(),
});
export type LearnerRow = z.infer<typeof learnerRow>;
