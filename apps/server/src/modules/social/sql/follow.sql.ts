import { z } from 'zod';
import { defineStatement } from '../../../db/statements';
import { achievementNotificationsSelect, notifyCte } from '../../notifications/notify.sql';

/**
 * $1 follows $2 at $3, unless a block stands between them either way or $1 already follows $4
 * learners (run after lockLearners, in its transaction). Only the insert that creates the row
 * tells the followee (`social.followed`, keyed `followed:<follower>`: following again after an
 * unfollow does not tell them twice, nor do fifty identical requests at once) and may earn the
 * follower's first-friend achievement, announced like every achievement (in-app channel on).
 */
export const follow = defineStatement({
  name: 'social_follow',
  params: ['uuid', 'uuid', 'timestamptz', 'int4'],
  row: z.object({
    me_found: z.boolean(),
    found: z.boolean(),
    blocked: z.boolean(),
    room: z.boolean(),
    following: z.boolean(),
    created: z.boolean(),
    follows_me: z.boolean(),
    earned: z.array(z.object({ id: z.string(), earned_at_ms: z.number() })),
  }),
  text: `
  with me as (
    select u.id, u.full_name from users u where u.id = $1
  ), target as (
    select u.id, p.notify_in_app from users u join profiles p on p.user_id = u.id where u.id = $2
  ), blocked as (
    select 1 from blocks b
     where (b.blocker_id = $1 and b.blocked_id = $2) or (b.blocker_id = $2 and b.blocked_id = $1)
     limit 1
  ), existing as (
    select 1 from follows f where f.follower_id = $1 and f.followee_id = $2
  ), room as (
    select count(*) < $4 as ok from (select 1 from follows f where f.follower_id = $1 limit $4) mine
  ), inserted as (
    insert into follows (follower_id, followee_id, created_at)
    select me.id, t.id, $3::timestamptz
      from me cross join target t
     where me.id <> t.id
       and not exists (select 1 from blocked)
       and not exists (select 1 from existing)
       and (select ok from room)
    on conflict do nothing
    returning follower_id, followee_id, created_at
  ), ${notifyCte(
    'followed_notified',
    `select i.followee_id, 'social', 'social.followed',
            jsonb_build_object('follower_id', i.follower_id, 'name', me.full_name),
            'followed:' || i.follower_id, i.created_at
       from inserted i
       join me on me.id = i.follower_id
       join target t on t.id = i.followee_id
      where t.notify_in_app`,
  )}, friend_earned as (
    insert into achievements (user_id, achievement_id, earned_at)
    select i.follower_id, 'first-friend', i.created_at
      from inserted i
     where not exists (select 1 from achievements a where a.user_id = i.follower_id and a.achievement_id = 'first-friend')
    on conflict do nothing
    returning user_id, achievement_id, earned_at
  ), ${notifyCte('friend_notified', achievementNotificationsSelect('friend_earned'))}
  select exists (select 1 from me) as me_found,
         exists (select 1 from target) as found,
         exists (select 1 from blocked) as blocked,
         coalesce((select ok from room), true) as room,
         exists (select 1 from existing) or exists (select 1 from inserted) as following,
         exists (select 1 from inserted) as created,
         exists (select 1 from follows f where f.follower_id = $2 and f.followee_id = $1) as follows_me,
         coalesce((select json_agg(json_build_object('id', e.achievement_id,
                                                     'earned_at_ms', (extract(epoch from e.earned_at) * 1000)::float8))
                     from friend_earned e), '[]'::json) as earned`,
});
