import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/**
 * $1 blocks $2 at $3 (run after lockLearners, in its transaction): the block is stored once, the
 * follows between the two are removed both ways, and so are the "followed you" notifications
 * they sent each other, so neither sees the other there. Blocking again changes nothing.
 */
export const block = defineStatement({
  name: 'social_block',
  params: ['uuid', 'uuid', 'timestamptz'],
  row: z.object({ me_found: z.boolean(), found: z.boolean(), created: z.boolean() }),
  text: `
  with me as (
    select u.id from users u where u.id = $1
  ), target as (
    select u.id from users u where u.id = $2
  ), inserted as (
    insert into blocks (blocker_id, blocked_id, created_at)
    select me.id, t.id, $3::timestamptz
      from me cross join target t
     where me.id <> t.id
    on conflict do nothing
    returning blocker_id
  ), unfollowed as (
    delete from follows f
     where ((f.follower_id = $1 and f.followee_id = $2) or (f.follower_id = $2 and f.followee_id = $1))
       and exists (select 1 from me) and exists (select 1 from target)
    returning 1
  ), forgotten as (
    delete from notifications n
     where ((n.user_id = $2 and n.dedupe_key = 'followed:' || $1::text) or (n.user_id = $1 and n.dedupe_key = 'followed:' || $2::text))
       and exists (select 1 from me) and exists (select 1 from target)
    returning 1
  )
  select exists (select 1 from me) as me_found,
         exists (select 1 from target) as found,
         exists (select 1 from inserted) as created`,
});
