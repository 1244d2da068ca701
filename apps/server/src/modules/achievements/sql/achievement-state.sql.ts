import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/**
 * What the achievement rules measure for a learner ($1), from the profile's counters (the award
 * writes them; ADR 024) and the learners they follow (modules/social, which earns first-friend in
 * the follow's own statement), and what the learner has earned, with when.
 */
export const achievementState = defineStatement({
  name: 'achievement_state',
  params: ['uuid'],
  row: z.object({
    user_id: z.string(),
    lessons: z.number().int(),
    perfect_lessons: z.number().int(),
    practices: z.number().int(),
    streak: z.number().int(),
    xp: z.number().int(),
    words: z.number().int(),
    friends: z.number().int(),
    earned: z.array(z.object({ id: z.string(), earned_at_ms: z.number() })),
  }),
  text: `
  select p.user_id, p.lessons_completed as lessons, p.perfect_lessons, p.practices_completed as practices,
         p.longest_streak as streak, p.total_xp as xp, p.words_learned as words,
         (select count(*)::int from follows f where f.follower_id = p.user_id) as friends,
         (select coalesce(json_agg(json_build_object('id', a.achievement_id,
                                                     'earned_at_ms', (extract(epoch from a.earned_at) * 1000)::float8)),
                          '[]'::json)
            from achievements a where a.user_id = p.user_id) as earned
    from profiles p
   where p.user_id = $1`,
});
