import { z } from 'zod';
import { defineStatement } from '../../../db/statements';
import { LEARNER_COLUMNS, learnerRow } from './learner-columns';

/** Neither of the two has blocked the other (`$1` and the candidate `id`): a probe of each key, no OR to plan. */
const unblocked = (id: string) =>
  `not exists (select 1 from blocks b where b.blocker_id = $1 and b.blocked_id = ${id})
               and not exists (select 1 from blocks b where b.blocker_id = ${id} and b.blocked_id = $1)`;

/**
 * Up to $2 learners for $1 to follow: first those followed by the most people $1 follows, then
 * learners of $1's course, the most recently active first (the partial index
 * profiles_course_seen_idx walks them in that order). Never $1, anyone $1 follows, a private
 * profile, a profile not set up yet (same course only), or anyone with a block between them and $1.
 */
export const suggestions = defineStatement({
  name: 'social_suggestions',
  params: ['uuid', 'int4'],
  row: learnerRow.extend({ reason: z.enum(['mutual', 'same_course']), mutual_count: z.number().int() }),
  text: `
  with mutual as (
    select f2.followee_id as user_id, count(*)::int as mutual_count
      from follows f1
      join follows f2 on f2.follower_id = f1.followee_id
     where f1.follower_id = $1
       and f2.followee_id <> $1
       and not exists (select 1 from follows mine where mine.follower_id = $1 and mine.followee_id = f2.followee_id)
     group by f2.followee_id
  ), mutual_picked as (
    select m.user_id, m.mutual_count, 'mutual' as reason, 0 as part,
           row_number() over (order by m.mutual_count desc, m.last_seen_at desc nulls last, m.user_id) as position
      from (select m.user_id, m.mutual_count, p.last_seen_at
              from mutual m
              join profiles p on p.user_id = m.user_id
             where not p.is_private and ${unblocked('m.user_id')}
             order by m.mutual_count desc, p.last_seen_at desc nulls last, m.user_id
             limit $2) m
  ), course_picked as (
    select c.user_id, 0 as mutual_count, 'same_course' as reason, 1 as part,
           row_number() over (order by c.last_seen_at desc nulls last, c.user_id) as position
      from (select p.user_id, p.last_seen_at
              from profiles p
             where p.target_language = (select me.target_language from profiles me where me.user_id = $1)
               and p.profile_completed and not p.is_private
               and p.user_id <> $1
               and not exists (select 1 from follows mine where mine.follower_id = $1 and mine.followee_id = p.user_id)
               and not exists (select 1 from mutual_picked x where x.user_id = p.user_id)
               and ${unblocked('p.user_id')}
             order by p.last_seen_at desc nulls last, p.user_id
             limit $2) c
  ), picked as (
    select * from mutual_picked
    union all
    select * from course_picked
     order by part, position
     limit $2
  )
  select ${LEARNER_COLUMNS},
         exists (select 1 from follows back where back.follower_id = s.user_id and back.followee_id = $1) as follows_me,
         s.reason, s.mutual_count
    from picked s
    join users u on u.id = s.user_id
    join profiles p on p.user_id = s.user_id
   order by s.part, s.position`,
});
