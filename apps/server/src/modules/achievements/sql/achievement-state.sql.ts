import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/**
 * What the achievement rules measure, per learner ($1: a JSON array of user ids), and what each
 * has earned. The counts that read more than the profile row are taken only while an achievement
 * of theirs is still to earn ($2 perfect lessons, $3 words: JSON arrays of those achievements' ids);
 * null otherwise. The rules that store achievements measure the same way, inside the completions
 * (sql/award-achievements.sql.ts).
 * Words learned are the words of the lessons completed, per course: every word of a lesson has a
 * card in its lesson_progress row once it is taken.
 */
export const achievementState = defineStatement({
  name: 'achievement_state',
  params: ['jsonb', 'jsonb', 'jsonb'],
  row: z.object({
    user_id: z.string(),
    lessons: z.number().int(),
    streak: z.number().int(),
    xp: z.number().int(),
    perfect_lessons: z.number().int().nullable(),
    practices: z.number().int(),
    words: z.number().int().nullable(),
    earned: z.array(z.object({ id: z.string(), earned_at_ms: z.number() })),
  }),
  text: `
  select p.user_id, p.lessons_completed as lessons, p.longest_streak as streak, p.total_xp as xp,
         p.practices_completed as practices,
         case when not (e.ids @> array(select jsonb_array_elements_text($2::jsonb))) then
           (select count(*)::int from lesson_progress lp
             where lp.user_id = p.user_id and lp.completions > 0 and lp.best_score = 100) end as perfect_lessons,
         case when not (e.ids @> array(select jsonb_array_elements_text($3::jsonb))) then
           (select count(*)::int from lesson_progress lp cross join lateral jsonb_object_keys(lp.cards) word
             where lp.user_id = p.user_id and lp.completions > 0) end as words,
         e.earned
    from profiles p
   cross join lateral (
     select coalesce(array_agg(a.achievement_id), '{}'::text[]) as ids,
            coalesce(json_agg(json_build_object('id', a.achievement_id,
                                                'earned_at_ms', (extract(epoch from a.earned_at) * 1000)::float8)),
                     '[]'::json) as earned
       from achievements a where a.user_id = p.user_id) e
   where p.user_id in (select (jsonb_array_elements_text($1::jsonb))::uuid)`,
});
