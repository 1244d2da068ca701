import { type Notification, notificationIcon } from '@parla/shared/notifications.schema';
import type { NotificationRow } from './notifications.repository';

/** µs since the epoch (text, as the statements return it) → ISO instant (to the millisecond). */
export function isoFromMicroseconds(createdUs: string): string {
  return new Date(Number(BigInt(createdUs) / 1000n)).toISOString();
}

/** What leaves the server about a notification (its dedupe key and learner do not). */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    kind: row.kind,
    params: row.params,
    icon: notificationIcon(row.type, row.params),
    read: row.read,
    created_at: isoFromMicroseconds(row.created_us),
  };
}
