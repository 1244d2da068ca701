import type { NotificationFilter, NotificationType } from '@parla/shared/notifications.schema';
import type { Database, DatabaseHandle } from '../../db/client';
import { prepareStatement, runStatement } from '../../db/statements';
import { insertNotifications } from './sql/insert-notifications.sql';
import { listNotifications } from './sql/list-notifications.sql';
import { markAllNotificationsRead, markNotificationRead } from './sql/mark-read.sql';
import type { NotificationRow } from './sql/notification-row';

export type { NotificationRow } from './sql/notification-row';

/** A notification to create. `dedupeKey` is unique per learner: what makes it sent once. */
export interface NewNotification {
  userId: string;
  type: NotificationType;
  /** What happened, e.g. 'achievement.earned', 'streak.reminder'. */
  kind: string;
  params?: Record<string, string | number | boolean | null>;
  dedupeKey: string;
  /** Defaults to the database's now(). */
  createdAt?: Date;
}

/** Where a page starts: after the notification at this instant (µs since the epoch) and id. */
export interface NotificationsCursor {
  createdUs: string;
  id: string;
}

// Its statements are prepared under fixed names: one repository per database handle, however many
// callers (the routes, the reminders, tests) ask for it.
const repositories = new WeakMap<DatabaseHandle, ReturnType<typeof newNotificationsRepository>>();

export function createNotificationsRepository(database: DatabaseHandle) {
  let repository = repositories.get(database);
  if (!repository) {
    repository = newNotificationsRepository(database);
    repositories.set(database, repository);
  }
  return repository;
}

function newNotificationsRepository(database: DatabaseHandle) {
  const list = prepareStatement(database, listNotifications);
  const markRead = prepareStatement(database, markNotificationRead);
  const markAllRead = prepareStatement(database, markAllNotificationsRead);
  const insert = prepareStatement(database, insertNotifications);

  return {
    /**
     * Creates notifications, inside `tx` when given (atomic with what caused them); returns only
     * the rows this call created: a dedupe key the learner already has yields nothing, so the
     * caller pushes or e-mails exactly what is new.
     */
    async notify(rows: readonly NewNotification[], tx?: Database): Promise<(NotificationRow & { dedupe_key: string })[]> {
      if (rows.length === 0) return [];
      const values = [
        JSON.stringify(
          rows.map((row) => ({
            user_id: row.userId,
            type: row.type,
            kind: row.kind,
            params: row.params ?? {},
            dedupe_key: row.dedupeKey,
            created_at: row.createdAt?.toISOString() ?? null,
          })),
        ),
      ];
      return tx ? runStatement(tx, insertNotifications, values) : insert(values);
    },

    /** A page (up to `limit` rows, newest first, after `cursor`) and the learner's unread count. */
    async findPage(
      userId: string,
      filter: NotificationFilter,
      cursor: NotificationsCursor | undefined,
      limit: number,
    ): Promise<{ unreadCount: number; items: NotificationRow[] }> {
      const [row] = await list([userId, filter, cursor?.createdUs ?? null, cursor?.id ?? null, limit]);
      return { unreadCount: row?.unread_count ?? 0, items: row?.items ?? [] };
    },

    /** Marks one read (idempotent); undefined when the learner has no notification with this id. */
    async markRead(userId: string, id: string, now: Date): Promise<NotificationRow | undefined> {
      const [row] = await markRead([userId, id, now.toISOString()]);
      return row;
    },

    /** Marks all of them read; how many this call marked. */
    async markAllRead(userId: string, now: Date): Promise<number> {
      const [row] = await markAllRead([userId, now.toISOString()]);
      return row?.marked ?? 0;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
