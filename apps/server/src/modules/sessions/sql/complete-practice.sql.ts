import { z } from 'zod';
import { defineStatement } from '../../../db/statements';
import { achievementCtes } from '../../achievements/sql/award-achievements.sql';
import { awardCtes } from '../../progress/award.sql';

/**
 * A practice or review completion: the session, still open and the caller's, is stamped with its
 * result and the learner's new totals, and modules/progress pays its XP ($5, $6), in one statement,
 * with the achievements it earns (ADR 024: in the result's `achievements_earned`, and as `earned`).
 */
export const completePractice = defineStatement({
  name: 'practice_completion_write',
  params: ['uuid', 'uuid', 'text', 'timestamptz', 'jsonb', 'jsonb', 'jsonb'],
  row: z.object({
    result: z.looseObject({ total_xp: z.number().int(), current_streak: z.number().int() }),
    earned: z.array(z.object({ id: z.string(), earned_at_ms: z.number() })),
  }),
  text: `
  with open_session as (
    select s.id as session_id, s.user_id
      from lesson_sessions s
     where s.id = $1 and s.user_id = $2 and s.kind = $3 and s.completed_at is null
       for update
  ), award_source as (
    select session_id::text as source_id from open_session
  ), ${awardCtes('$5', '$6')}, ${achievementCtes()}, earned as (
    select coalesce(jsonb_agg(e.achievement_id order by e.achievement_id), '[]'::jsonb) as ids,
           coalesce(json_agg(json_build_object('id', e.achievement_id,
                                               'earned_at_ms', (extract(epoch from e.earned_at) * 1000)::float8)),
                    '[]'::json) as earned
      from achievement_earned e
  )
  update lesson_sessions s
     set completed_at = $4,
         result = $7::jsonb || jsonb_build_object('total_xp', profile.total_xp, 'current_streak', profile.current_streak,
                                                  'achievements_earned', earned.ids)
    from open_session o
    join progress_profile profile on profile.user_id = o.user_id
    cross join earned
   where s.id = o.session_id
  returning s.result, earned.earned`,
});
