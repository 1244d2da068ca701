import { AppError } from '@parla/shared/errors';
import type {
  ListNotificationsQuery,
  MarkAllNotificationsReadResponse,
  Notification,
  NotificationsPage,
} from '@parla/shared/notifications.schema';
import type { Clock } from '../../lib/clock';
import { presentNotification } from './notifications.presenter';
import type { NotificationsRepository } from './notifications.repository';
import { decodeCursor, encodeCursor } from './notifications-cursor';

/** `me` means the caller; any other id must be the caller too: notifications are private. */
function ownId(requested: string, callerId: string): string {
  if (requested !== 'me' && requested !== callerId) throw new AppError('forbidden', 'You can only see your own notifications.');
  return callerId;
}

/**
 * A learner's in-app notifications: the list, marking read. Creating them is `repo.notify()` (or
 * the `notifyCte()` fragment), called by the features that have something to say.
 */
export function createNotificationsService({ repo, clock }: { repo: NotificationsRepository; clock: Clock }) {
  return {
    notify: repo.notify,

    async listNotifications(requestedId: string, callerId: string, query: ListNotificationsQuery): Promise<NotificationsPage> {
      const userId = ownId(requestedId, callerId);
      const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const { unreadCount, items } = await repo.findPage(userId, query.filter, cursor, query.limit + 1);
      const page = items.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(presentNotification),
        next_cursor: items.length > query.limit && last ? encodeCursor(last) : null,
        unread_count: unreadCount,
      };
    },

    async markRead(requestedId: string, callerId: string, notificationId: string): Promise<Notification> {
      const row = await repo.markRead(ownId(requestedId, callerId), notificationId, clock.now());
      // Someone else's id answers as an unknown one: whether it exists is not the caller's to learn.
      if (!row) throw new AppError('not_found', 'There is no such notification.');
      return presentNotification(row);
    },

    async markAllRead(requestedId: string, callerId: string): Promise<MarkAllNotificationsReadResponse> {
      const marked = await repo.markAllRead(ownId(requestedId, callerId), clock.now());
      return { unread_count: 0, marked };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
