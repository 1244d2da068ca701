import { z } from 'zod';
import { defineStatement } from '../../../db/statements';
import { NOTIFICATION_COLUMNS } from './notification-columns';
import { notificationRow } from './notification-row';

/**
 * One page of a learner's notifications, newest first, and their unread count, in one round trip.
 * $1 user id; $2 filter: 'all', 'unread' or a type; $3/$4 the keyset cursor (created_at in
 * microseconds since the epoch, and id) or nulls for the first page; $5 how many rows (one more
 * than the page, to know whether another follows). The page walks
 * notifications_user_created_idx; the count, the partial notifications_user_unread_idx.
 */
export const listNotifications = defineStatement({
  name: 'notifications_list',
  params: ['uuid', 'text', 'bigint', 'uuid', 'int4'],
  row: z.object({ unread_count: z.number().int(), items: z.array(notificationRow) }),
  text: `
  with page as (
    select ${NOTIFICATION_COLUMNS}
      from notifications
     where user_id = $1
       and ($2 = 'all' or ($2 = 'unread' and read_at is null) or type = $2)
       and ($3::bigint is null
            or (created_at, id) < (timestamptz 'epoch' + $3::bigint * interval '1 microsecond', $4::uuid))
     order by created_at desc, id desc
     limit $5
  )
  select (select count(*)::int from notifications where user_id = $1 and read_at is null) as unread_count,
         coalesce((select json_agg(page order by page.created_us::bigint desc, page.id desc) from page), '[]'::json) as items`,
});
