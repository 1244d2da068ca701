import { defineStatement } from '../../../db/statements';
import { notifyCte } from '../../notifications/notify.sql';
import { MessageRowSchema, messageColumns } from './message-columns';

/**
 * $1 sends $3 to $2 at $4, only while the two follow each other and no block stands between them
 * (checked in the insert itself, so a block or unfollow that lands first wins). The recipient is
 * told once per message (`social.message`, keyed `message:<id>`) if they keep the in-app channel on.
 * Both sides of the conversation (ADR 031) move to this message, unless a later one is there already
 * (its time was taken before the lock), and the recipient's unread count grows by one: counts stay
 * exact however many messages arrive at once, since each insert adds its own one to the row's
 * latest version. No row: the rule did not hold.
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
  ), sender_side as (
    insert into conversations as c (user_id, other_id, last_message_id, last_at, unread_count)
    select i.sender_id, i.recipient_id, i.id, i.created_at, 0 from inserted i
    on conflict (user_id, other_id) do update
       set last_message_id = excluded.last_message_id, last_at = excluded.last_at
     where (excluded.last_at, excluded.last_message_id) > (c.last_at, c.last_message_id)
    returning 1
  ), recipient_side as (
    insert into conversations as c (user_id, other_id, last_message_id, last_at, unread_count)
    select i.recipient_id, i.sender_id, i.id, i.created_at, 1 from inserted i
    on conflict (user_id, other_id) do update
       set last_message_id = case when (excluded.last_at, excluded.last_message_id) > (c.last_at, c.last_message_id)
                                  then excluded.last_message_id else c.last_message_id end,
           last_at = greatest(c.last_at, excluded.last_at),
           unread_count = c.unread_count + 1
    returning 1
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
