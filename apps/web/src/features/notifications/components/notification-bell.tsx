import Bell from 'lucide-react/icons/bell';
import { lazy, Suspense, useState } from 'react';
import { useI18n } from '@/lib/i18n/language-context';
import { useUnreadCount } from '../api/get-unread-count';

// The panel (its list, the dialog library) loads when the bell is first pointed at or opened.
const loadPanel = () => import('./notifications-panel');
const NotificationsPanel = lazy(loadPanel);

// The badge caps the count at "9+" (spec §9).

/** The dashboard header's bell: the unread count as a badge (capped 9+), opening the notifications panel. */
export function NotificationBell() {
  const { t } = useI18n();
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const label = unread > 0 ? t('dashboard.notifications.bellUnread', { count: unread }) : t('dashboard.notifications.title');

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        title={label}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        className="relative grid size-11 place-items-center rounded-full border border-line bg-surface text-fg shadow-sm transition hover:bg-surface-muted"
      >
        <Bell aria-hidden="true" className="size-5" />
        {/* Named by its content, not aria-label: the badge's digits need not be in the name's script. */}
        <span className="sr-only">{label}</span>
        {unread > 0 ? (
          <span
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute -end-1 -top-1 grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-[0.7rem] font-bold text-white"
          >
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <NotificationsPanel open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
