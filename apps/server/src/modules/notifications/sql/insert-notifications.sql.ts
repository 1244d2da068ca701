import { z } from 'zod';
import { defineStatement } from '../../../db/statements';
import { NOTIFICATION_COLUMNS } from './notification-columns';
import { notificationRow } from './notification-row';

/**
 * Stores notifications ($1: JSON rows of user_id, type, kind, params, dedupe_key and, optionally,
 * created_at) and returns only those this statement wrote: a learner's dedupe key already stored,
 * or stored meanwhile by a concurrent request or another replica, is not notified again.
 */
export const insertNotifications = defineStatement({
  name: 'notifications_insert',
  params: ['jsonb'],
  row: notificationRow.extend({ dedupe_key: z.string() }),
  text: `
  insert into notifications (user_id, type, kind, params, dedupe_key, created_at)
  select n.user_id, n.type, n.kind, coalesce(n.params, '{}'::jsonb), n.dedupe_key, coalesce(n.created_at, now())
    from jsonb_to_recordset($1::jsonb)
         as n(user_id uuid, type text, kind text, params jsonb, dedupe_key text, created_at timestamptz)
   order by n.user_id, n.dedupe_key
  on conflict (user_id, dedupe_key) do nothing
  returning ${NOTIFICATION_COLUMNS}, dedupe_key`,
});
