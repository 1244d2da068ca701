import { z } from 'zod';
import { defineStatement } from '../../../db/statements';
import { MessageRowSchema, messageColumns } from './message-columns';

/**
 * $1's conversations (each learner they exchanged messages with, none across a block), the one
 * with the latest message first, older than the cursor ($2 its last message's created_at, $3 the
 * other learner's id) when given, up to $4: the other's name, the last message, what $1 has not
 * read. One `conversations` row per conversation (ADR 031), walked on conversations_user_last_idx.
 */
export const listConversations = defineStatement({
  name: 'messages_list_conversations',
  params: ['uuid', 'timestamptz', 'uuid', 'int4'],
  row: MessageRowSchema.extend({ other_id: z.string(), name: z.string(), unread_count: z.number() }),
  text: `
  select ${messageColumns('m')}, c.other_id, u.full_name as name, c.unread_count
    from conversations c
    join messages m on m.id = c.last_message_id
    join users u on u.id = c.other_id
   where c.user_id = $1
     and ($2::timestamptz is null or (c.last_at, c.other_id) < ($2::timestamptz, $3::uuid))
     and not exists (select 1 from blocks b where b.blocker_id = $1 and b.blocked_id = c.other_id)
     and not exists (select 1 from blocks b where b.blocker_id = c.other_id and b.blocked_id = $1)
   order by c.last_at desc, c.other_id desc
   limit $4`,
});
