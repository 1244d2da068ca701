import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/**
 * Stores earned achievements ($1: JSON rows of user_id, achievement_id, earned_at) and returns
 * only those this statement wrote: one already stored, or written meanwhile by a concurrent
 * completion (which this one then waits for), is not earned again.
 */
export const awardAchievements = defineStatement({
  name: 'achievements_award',
  params: ['jsonb'],
  row: z.object({ user_id: z.string(), achievement_id: z.string(), earned_at_ms: z.number() }),
  text: `
  insert into achievements (user_id, achievement_id, earned_at)
  select a.user_id, a.achievement_id, a.earned_at
    from jsonb_to_recordset($1::jsonb) as a(user_id uuid, achievement_id text, earned_at timestamptz)
   order by a.user_id, a.achievement_id
  on conflict do nothing
  returning user_id, achievement_id, (extract(epoch from earned_at) * 1000)::float8 as earned_at_ms`,
});
