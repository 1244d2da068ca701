import { z } from 'zod';
import { defineStatement } from '../../../db/statements';
import { MessageRowSchema, messageColumns } from './message-columns';

/**
 * $1's conversations (each learner they exchanged messages with, none across a block), the one
 * with the latest message first, older than the cursor ($2 its last message's created_at, $3 the
 * other learner's id) when given, up to $4: the other's name, the last message, what $1 has not read.
 */
export const listConversations = defineStatement({
  name: 'messages_list_conversations',
  params: ['uuid', 'timestamptz', 'uuid', 'int4'],
  row: MessageRowSchema.extend({ other_id: z.string(), name: z.string(), unread_count: z.number() }),
  text: `
  with others as (
    select m.recipient_id as other_id from messages m where m.sender_id = $1
    union
    select m.sender_id from messages m where m.recipient_id = $1
  ), latest as (
    select o.other_id, l.*
      from others o
      cross join lateral (
        select * from (
          (select * from messages x where x.sender_id = $1 and x.recipient_id = o.other_id
            order by x.created_at desc, x.id desc limit 1)
          union all
          (select * from messages x where x.sender_id = o.other_id and x.recipient_id = $1
            order by x.created_at desc, x.id desc limit 1)
        ) both_ways
        order by both_ways.created_at desc, both_ways.id desc
        limit 1
      ) l
     where not exists (select 1 from blocks b where b.blocker_id = $1 and b.blocked_id = o.other_id)
       and not exists (select 1 from blocks b where b.blocker_id = o.other_id and b.blocked_id = $1)
  )
  select ${messageColumns('c')}, c.other_id, u.full_name as name,
         (select count(*) from messages x
           where x.recipient_id = $1 and x.sender_id = c.other_id and x.read_at is null)::int as unread_count
    from latest c
    join users u on u.id = c.other_id
   where $2::timestamptz is null or (c.created_at, c.other_id) < ($2::timestamptz, $3::uuid)
   order by c.created_at desc, c.other_id desc
   limit $4`,
});
