import { defineStatement } from '../../../db/statements';
import { notifyCte } from '../../notifications/notify.sql';
import { MessageRowSchema, messageColumns } from './message-columns';

/**
 * $1 sends $3 to $2 at $4, only while the two follow each other and no block stands between them
 * (checked in the insert itself, so a block or unfollow that lands first wins). The recipient is
 * told once per message (`social.message`, keyed `message:<id>`) if they keep the in-app channel on.
 * No row: the rule did not hold.
 */
export const send = defineStatement({
  name: 'messages_send',
  params: ['uuid', 'uuid', 'text', 'timestamptz'],
  row: MessageRowSchema,
  text: `
  with inserted as (
    insert into messages (sender_id, recipient_id, body, created_at)
    select $1, $2, $3, $4::timestamptz
     where exists (select 1 from follows f where f.follower_id = $1 and f.followee_id = $2)
       and exists (select 1 from follows f where f.follower_id = $2 and f.followee_id = $1)
       and not exists (select 1 from blocks b where b.blocker_id = $1 and b.blocked_id = $2)
       and not exists (select 1 from blocks b where b.blocker_id = $2 and b.blocked_id = $1)
    returning *
  ), ${notifyCte(
    'message_notified',
    `select i.recipient_id, 'social', 'social.message',
            jsonb_build_object('sender_id', i.sender_id, 'name', u.full_name, 'message_id', i.id),
            'message:' || i.id, i.created_at
       from inserted i
       join users u on u.id = i.sender_id
       join profiles p on p.user_id = i.recipient_id
      where p.notify_in_app`,
  )}
  select ${messageColumns('i')} from inserted i`,
});
