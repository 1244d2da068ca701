import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/** $1 has read what $2 sent them (at $3); how many messages this marked. */
export const markRead = defineStatement({
  name: 'messages_mark_read',
  params: ['uuid', 'uuid', 'timestamptz'],
  row: z.object({ marked: z.number() }),
  text: `
  with marked as (
    update messages m set read_at = $3
     where m.recipient_id = $1 and m.sender_id = $2 and m.read_at is null
    returning 1
  )
  select count(*)::int as marked from marked`,
});
