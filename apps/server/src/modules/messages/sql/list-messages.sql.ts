import { defineStatement } from '../../../db/statements';
import { MessageRowSchema, messageColumns } from './message-columns';

/**
 * Up to $5 messages between $1 and $2, newest first, older than the cursor ($3 created_at, $4 id)
 * when given: each direction walks its own index and stops at the limit.
 */
export const listMessages = defineStatement({
  name: 'messages_list',
  params: ['uuid', 'uuid', 'timestamptz', 'uuid', 'int4'],
  row: MessageRowSchema,
  text: `
  select ${messageColumns('m')}
    from (
      (select * from messages x
        where x.sender_id = $1 and x.recipient_id = $2
          and ($3::timestamptz is null or (x.created_at, x.id) < ($3::timestamptz, $4::uuid))
        order by x.created_at desc, x.id desc
        limit $5)
      union all
      (select * from messages x
        where x.sender_id = $2 and x.recipient_id = $1
          and ($3::timestamptz is null or (x.created_at, x.id) < ($3::timestamptz, $4::uuid))
        order by x.created_at desc, x.id desc
        limit $5)
    ) m
   order by m.created_at desc, m.id desc
   limit $5`,
});
