import { NOTIFICATION_FILTERS, type Notification, type NotificationFilter } from '@parla/shared/notifications.schema';
import { clsx } from 'clsx';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { RetryPanel } from '@/components/ui/retry-panel';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { relativeTime } from '@/lib/relative-time';
import { useNavigate } from '@/lib/router';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-notifications-read';
import { notificationText } from '../notification-text';

const FILTER_LABELS = {
  all: 'dashboard.notifications.filter.all',
  unread: 'dashboard.notifications.filter.unread',
  achievement: 'dashboard.notifications.filter.achievement',
  social: 'dashboard.notifications.filter.social',
} as const satisfies Record<NotificationFilter, string>;

const EMPTY_TEXTS = {
  all: 'dashboard.notifications.empty.all',
  unread: 'dashboard.notifications.empty.unread',
  achievement: 'dashboard.notifications.empty.achievement',
  social: 'dashboard.notifications.empty.social',
} as const satisfies Record<NotificationFilter, string>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a notification leads: a message to its conversation, a new follower to their card on Friends. */
function notificationTarget({ kind, params }: Pick<Notification, 'kind' | 'params'>): string | null {
  const id = kind === 'social.message' ? params.sender_id : kind === 'social.followed' ? params.follower_id : undefined;
  if (typeof id !== 'string' || !UUID.test(id)) return null;
  return kind === 'social.message' ? `${paths.app.messages}/${id}` : `${paths.app.friends}?learner=${encodeURIComponent(id)}`;
}

function NotificationCard({
  notification,
  onRead,
  onOpen,
}: {
  notification: Notification;
  onRead(id: string): void;
  onOpen(to: string): void;
}) {
  const { t, language } = useI18n();
  const { title, message } = notificationText(t, notification);
  const target = notificationTarget(notification);
  return (
    <li>
      <button
        type="button"
        onClick={() => {
          if (!notification.read) onRead(notification.id);
          if (target) onOpen(target);
        }}
        className={clsx(
          'flex w-full items-start gap-3 rounded-2xl border p-3 text-start transition hover:bg-surface-muted',
          notification.read ? 'border-line bg-surface' : 'border-brand/40 bg-brand-soft',
        )}
      >
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-surface text-xl">
          {notification.icon}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="font-bold">{title}</span>
          {message ? <span className="text-muted">{message}</span> : null}
          <span className="text-sm text-muted">
            <time dateTime={notification.created_at}>{relativeTime(notification.created_at, language)}</time>
          </span>
        </span>
        {notification.read ? null : (
          <span className="mt-1.5 flex items-center">
            <span aria-hidden="true" className="size-2.5 rounded-full bg-red-600" />
            <span className="sr-only">{t('dashboard.notifications.unreadMark')}</span>
          </span>
        )}
      </button>
    </li>
  );
}

function NotificationList({ filter, onOpen }: { filter: NotificationFilter; onOpen(to: string): void }) {
  const { t } = useI18n();
  const list = useNotifications(filter);
  const markRead = useMarkNotificationRead();

  if (list.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <p className="sr-only" role="status">
          {t('common.loading')}
        </p>
        {[0, 1, 2].map((row) => (
          <div key={row} className="h-20 rounded-2xl bg-surface-muted motion-safe:animate-pulse" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <RetryPanel
        message={t('dashboard.notifications.loadFailed')}
        retryLabel={t('dashboard.retry')}
        onRetry={() => void list.refetch()}
      />
    );
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="rounded-2xl bg-surface-muted p-4 text-muted">{t(EMPTY_TEXTS[filter])}</p>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2">
        {items.map((notification) => (
          <NotificationCard
            key={notification.id}
            notification={notification}
            onRead={(id) => markRead.mutate(id)}
            onOpen={onOpen}
          />
        ))}
      </ul>
      {list.hasNextPage ? (
        <button
          type="button"
          className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-center' })}
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('dashboard.notifications.loadMore')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The notifications panel (spec §2): filters, mark all as read, a card per notification that a tap
 * marks read — and, for a message or a new follower, opens the conversation or the learner's card.
 */
export default function NotificationsPanel({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useI18n();
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const unread = useUnreadCount();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('dashboard.notifications.title')}
      closeLabel={t('common.close')}
      layout="sheet"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* Four filters in two even rows: the sheet is narrow on every screen, and ragged wrapping looked broken. */}
        <fieldset className="grid w-full grid-cols-2 gap-1.5">
          <legend className="sr-only">{t('dashboard.notifications.filters')}</legend>
          {NOTIFICATION_FILTERS.map((id) => (
            <button
              key={id}
              type="button"
              aria-pressed={filter === id}
              onClick={() => setFilter(id)}
              className={clsx(
                'rounded-full border px-3 py-1.5 text-sm font-semibold transition',
                filter === id ? 'border-brand bg-brand text-on-brand' : 'border-line bg-surface text-fg hover:bg-surface-muted',
              )}
            >
              {t(FILTER_LABELS[id])}
            </button>
          ))}
        </fieldset>
      </div>
      <button
        type="button"
        className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'self-end' })}
        disabled={unread === 0 || markAll.isPending}
        onClick={() => markAll.mutate()}
      >
        {t('dashboard.notifications.markAllRead')}
      </button>
      <NotificationList
        filter={filter}
        onOpen={(to) => {
          onOpenChange(false);
          navigate(to);
        }}
      />
    </Dialog>
  );
}
