import { z } from 'zod';
import { defineStatement } from '../../../db/statements';
import { NOTIFICATION_COLUMNS } from './notification-columns';
import { notificationRow } from './notification-row';

/**
 * Marks one of a learner's notifications read ($1 user id, $2 notification id, $3 now), keeping the
 * first reading's time: asked again, it answers the same. No row for someone else's id.
 */
export const markNotificationRead = defineStatement({
  name: 'notifications_mark_read',
  params: ['uuid', 'uuid', 'timestamptz'],
  row: notificationRow,
  text: `
  update notifications set read_at = coalesce(read_at, $3)
   where user_id = $1 and id = $2
  returning ${NOTIFICATION_COLUMNS}`,
});

/**
 * Marks every unread notification of a learner read ($1 user id, $2 now); returns how many this
 * statement marked. Concurrent calls each mark only the rows still unread when they reach them, so
 * together they mark each once.
 */
export const markAllNotificationsRead = defineStatement({
  name: 'notifications_mark_all_read',
  params: ['uuid', 'timestamptz'],
  row: z.object({ marked: z.number().int() }),
  text: `
  with marked as (
    update notifications set read_at = $2
     where user_id = $1 and read_at is null
    returning 1
  )
  select count(*)::int as marked from marked`,
});
