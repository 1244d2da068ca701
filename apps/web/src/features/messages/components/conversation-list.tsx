import type { Conversation } from '@parla/shared/messages.schema';
import { useInfiniteQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import MessagesSquare from 'lucide-react/icons/messages-square';
import { buttonClasses } from '@/components/ui/button';
import { LearnerAvatar } from '@/components/ui/learner-avatar';
import { RetryPanel } from '@/components/ui/retry-panel';
import { TabSkeleton } from '@/components/ui/tab-skeleton';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { useI18n } from '@/lib/i18n/language-context';
import { relativeTime } from '@/lib/relative-time';
import { Link } from '@/lib/router';
import { conversationsQueryOptions } from '../api/messages-api';

function ConversationRow({ conversation, myId }: { conversation: Conversation; myId: string | undefined }) {
  const { t, language } = useI18n();
  const { last_message: last, unread_count: unread } = conversation;
  // The message isolated (FSI … PDI), so its direction does not reorder the words around it.
  const isolated = `\u2068${last.text}\u2069`;
  const preview = last.sender_id === myId ? t('messages.list.you', { text: isolated }) : isolated;
  return (
    <li>
      <Link
        to={`${paths.app.messages}/${conversation.user_id}`}
        className={clsx(
          'flex items-center gap-3 rounded-2xl border p-3 transition hover:bg-surface-muted',
          unread > 0 ? 'border-brand/40 bg-brand-soft/40' : 'border-line bg-surface',
        )}
      >
        <LearnerAvatar userId={conversation.user_id} name={conversation.name} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline justify-between gap-3">
            <span dir="auto" className="truncate font-bold">
              {conversation.name}
            </span>
            <time dateTime={last.created_at} className="shrink-0 text-sm text-muted">
              {relativeTime(last.created_at, language)}
            </time>
          </span>
          <span className={clsx('truncate', unread > 0 ? 'font-semibold text-fg' : 'text-muted')}>{preview}</span>
        </span>
        {unread > 0 ? (
          <span className="flex shrink-0 items-center">
            <span
              aria-hidden="true"
              className="grid h-6 min-w-6 place-items-center rounded-full bg-brand px-1.5 text-xs font-bold text-on-brand"
            >
              {unread > 99 ? '99+' : unread}
            </span>
            <span className="sr-only">{t('messages.list.unread', { count: unread })}</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/** The learner's conversations, the latest first, a page at a time; an empty list points to Friends. */
export function ConversationList() {
  const { t } = useI18n();
  const me = useMe();
  const list = useInfiniteQuery(conversationsQueryOptions());

  if (list.isPending) return <TabSkeleton heights={['h-18', 'h-18', 'h-18']} />;
  if (list.isError) {
    return (
      <RetryPanel message={t('messages.list.loadFailed')} retryLabel={t('messages.retry')} onRetry={() => void list.refetch()} />
    );
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-3xl border border-line bg-surface p-6">
        <MessagesSquare aria-hidden="true" className="size-8 text-brand-text" />
        <h2 className="text-lg font-bold">{t('messages.list.emptyTitle')}</h2>
        <p className="text-muted">{t('messages.list.emptyBody')}</p>
        <Link to={paths.app.friends} className={buttonClasses({ variant: 'primary' })}>
          {t('messages.toFriends')}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2">
        {items.map((conversation) => (
          <ConversationRow key={conversation.user_id} conversation={conversation} myId={me.data?.user.id} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <button
          type="button"
          className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-center' })}
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('messages.list.loadMore')}
        </button>
      ) : null}
    </div>
  );
}
