import { z } from 'zod';
import { defineStatement } from '../../../db/statements';
import { awardCtes } from '../../progress/award.sql';

/**
 * A practice or review completion: the session, still open and the caller's, is stamped with its
 * result and the learner's new totals, and modules/progress pays its XP ($5, $6), in one statement.
 */
export const completePractice = defineStatement({
  name: 'practice_completion_write',
  params: ['uuid', 'uuid', 'text', 'timestamptz', 'jsonb', 'jsonb', 'jsonb'],
  row: z.object({ result: z.looseObject({ total_xp: z.number().int(), current_streak: z.number().int() }) }),
  text: `
  with open_session as (
    select s.id as session_id, s.user_id
      from lesson_sessions s
     where s.id = $1 and s.user_id = $2 and s.kind = $3 and s.completed_at is null
       for update
  ), award_source as (
    select session_id::text as source_id from open_session
  ), ${awardCtes('$5', '$6')}
  update lesson_sessions s
     set completed_at = $4, result = $7::jsonb || jsonb_build_object('total_xp', profile.total_xp, 'current_streak', profile.current_streak)
    from open_session o
    join progress_profile profile on profile.user_id = o.user_id
   where s.id = o.session_id
  returning s.result`,
});
