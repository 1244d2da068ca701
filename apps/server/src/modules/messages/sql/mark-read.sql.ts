import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/**
 * $1 has read what $2 sent them (at $3): their messages, the unread count of $1's side of the
 * conversation (lowered by exactly what this statement marked, so a message that lands at the same
 * moment stays counted), and $1's `social.message` notifications from $2 (the bell's count then
 * agrees). Returns how many messages this marked.
 */
export const markRead = defineStatement({
  name: 'messages_mark_read',
  params: ['uuid', 'uuid', 'timestamptz'],
  row: z.object({ marked: z.number() }),
  text: `
  with marked as (
    update messages m set read_at = $3
     where m.recipient_id = $1 and m.sender_id = $2 and m.read_at is null
    returning 1
  ), counted as (
    select count(*)::int as n from marked
  ), side as (
    update conversations c set unread_count = c.unread_count - counted.n
      from counted
     where c.user_id = $1 and c.other_id = $2 and counted.n > 0
    returning 1
  ), notes as (
    update notifications n set read_at = $3
     where n.user_id = $1 and n.read_at is null and n.kind = 'social.message' and n.params->>'sender_id' = $2::text
    returning 1
  )
  select n as marked from counted`,
});
