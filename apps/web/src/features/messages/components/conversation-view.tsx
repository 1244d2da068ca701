import type { Message } from '@parla/shared/messages.schema';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import CheckCheck from 'lucide-react/icons/check-check';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { RetryPanel } from '@/components/ui/retry-panel';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { learnerKeys } from '@/lib/auth/learner-keys';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { applySent, conversationQueryOptions, sendMessage, useBlocks, useLearnerName } from '../api/messages-api';
import { type Closed, chronological, closedBy, type SendFailure, seenMessageId, sendFailureOf } from '../messages-rules';
import { Composer } from './composer';

const NEAR_BOTTOM_PX = 96;

function ClosedNotice({ closed }: { closed: Closed }) {
  const { t } = useI18n();
  const text =
    closed === 'blocked'
      ? t('messages.closed.blocked')
      : closed === 'not-found'
        ? t('messages.closed.notFound')
        : t('messages.closed.notMutual');
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-3xl border border-line bg-surface p-6">
      <p className="font-semibold">{text}</p>
      {closed === 'not-mutual' ? (
        <Link to={paths.app.friends} className={buttonClasses({ variant: 'secondary' })}>
          {t('messages.toFriends')}
        </Link>
      ) : null}
    </div>
  );
}

function MessageItem({ message, mine, author, seen }: { message: Message; mine: boolean; author: string; seen: boolean }) {
  const { t, language, dir } = useI18n();
  const time = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(new Date(message.created_at));
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(message.created_at));
  return (
    <li className={clsx('flex max-w-[85%] flex-col gap-1', mine ? 'items-end self-end' : 'items-start self-start')}>
      {/* Each message in its own direction: Spanish in an Arabic interface still reads left to right. */}
      <p
        dir="auto"
        className={clsx(
          'rounded-3xl px-4 py-2 break-words whitespace-pre-wrap',
          mine ? 'rounded-ee-md bg-brand text-on-brand' : 'rounded-es-md bg-surface-muted text-fg',
        )}
      >
        {/* The author in the interface's direction; dir=auto skips it and sets the bubble by the message. */}
        <span className="sr-only" dir={dir}>
          {author}:{' '}
        </span>
        {message.text}
      </p>
      <span className="flex items-center gap-1.5 px-2 text-xs text-muted">
        <time dateTime={message.created_at} title={day}>
          {time}
        </time>
        {seen ? (
          <>
            <CheckCheck aria-hidden="true" className="size-3.5 text-brand-text" />
            <span>{t('messages.conversation.seen')}</span>
          </>
        ) : null}
      </span>
    </li>
  );
}

/**
 * One conversation (`/app/messages/:id`): newest at the bottom, earlier pages on request, polled
 * every 10 s while the tab is visible so a reply shows up; the composer under it.
 */
export function ConversationView({ otherId }: { otherId: string }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const me = useMe();
  const myId = me.data?.user.id;
  const learner = useLearnerName(otherId);
  const conversation = useInfiniteQuery(conversationQueryOptions(otherId));
  const [sendFailure, setSendFailure] = useState<SendFailure | null>(null);
  // A 403 or 404 from reading or from a send: the conversation is closed, and why is said in words
  // (a block of mine shows as such; asking my blocks is only needed then).
  const [sendRefusal, setSendRefusal] = useState<unknown>(null);
  const refusal = conversation.isError && closedBy(conversation.error, false) ? conversation.error : sendRefusal;
  const blocks = useBlocks(refusal !== null);
  const iBlocked = blocks.data?.items.some((item) => item.user_id === otherId) ?? false;
  const closed = refusal !== null ? closedBy(refusal, iBlocked) : null;

  const name = learner.data?.name ?? null;
  const title = name ?? t('messages.conversation.title');
  const messages = conversation.data ? chronological(conversation.data.pages) : [];
  const seenId = seenMessageId(messages, myId);
  const oldest = messages[0]?.id;
  const newest = messages.at(-1);
  const newestFromThem = [...messages].reverse().find((message) => message.sender_id !== myId)?.id;

  const send = useMutation({
    mutationFn: ({ text, requestId }: { text: string; requestId: string }) => sendMessage({ otherId, text, requestId }),
    onSuccess: (message) => applySent(queryClient, otherId, message),
  });

  // Opening the conversation (and each reply a poll brings) marks their messages and message
  // notifications read on the server: the bell's count follows.
  useEffect(() => {
    if (newestFromThem) void queryClient.invalidateQueries({ queryKey: learnerKeys.me });
  }, [newestFromThem, queryClient]);

  // Scrolling: to the newest on opening and when a message arrives while at the bottom (or is mine);
  // where it was when earlier messages are added above.
  const log = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const fromBottom = useRef<number | null>(null);
  const shown = useRef<{ oldest?: string | undefined; newest?: string | undefined }>({});
  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    const before = shown.current;
    if (newest?.id !== before.newest) {
      if (atBottom.current || newest?.sender_id === myId || before.newest === undefined) element.scrollTop = element.scrollHeight;
    } else if (oldest !== before.oldest && fromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    }
    shown.current = { oldest, newest: newest?.id };
  }, [oldest, newest, myId]);

  async function onSend(text: string, requestId: string): Promise<boolean> {
    setSendFailure(null);
    try {
      await send.mutateAsync({ text, requestId });
      return true;
    } catch (error) {
      if (closedBy(error, false)) setSendRefusal(error);
      else setSendFailure(sendFailureOf(error));
      return false;
    }
  }

  function loadEarlier() {
    const element = log.current;
    if (element) fromBottom.current = element.scrollHeight - element.scrollTop;
    void conversation.fetchNextPage();
  }

  let body: ReactNode;
  if (closed && !blocks.isPending) {
    body = <ClosedNotice closed={closed} />;
  } else if (conversation.isPending || closed) {
    body = (
      <div aria-busy="true" className="flex flex-col gap-2">
        <p className="sr-only" role="status">
          {t('common.loading')}
        </p>
        {['w-2/3 self-start', 'w-1/2 self-end', 'w-3/5 self-start'].map((width) => (
          <div key={width} className={clsx('h-12 rounded-3xl bg-surface-muted motion-safe:animate-pulse', width)} />
        ))}
      </div>
    );
  } else if (conversation.isError) {
    body = (
      <RetryPanel
        message={t('messages.conversation.loadFailed')}
        retryLabel={t('messages.retry')}
        onRetry={() => void conversation.refetch()}
      />
    );
  } else {
    body = (
      <>
        <div
          ref={log}
          role="log"
          aria-label={name ? t('messages.conversation.log', { name }) : t('title.messages')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached and scrolled by keyboard.
          tabIndex={0}
          onScroll={(event) => {
            const element = event.currentTarget;
            atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
          }}
          className="flex max-h-[min(60dvh,40rem)] min-h-72 flex-col gap-3 overflow-y-auto rounded-3xl border border-line bg-surface p-3 sm:p-4"
        >
          {conversation.hasNextPage ? (
            <button
              type="button"
              className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'self-center' })}
              disabled={conversation.isFetchingNextPage}
              onClick={loadEarlier}
            >
              {t('messages.conversation.loadEarlier')}
            </button>
          ) : null}
          {messages.length === 0 ? (
            <p className="m-auto text-center text-muted">{t('messages.conversation.empty')}</p>
          ) : (
            <ol className="mt-auto flex flex-col gap-2">
              {messages.map((message) => {
                const mine = message.sender_id === myId;
                return (
                  <MessageItem
                    key={message.id}
                    message={message}
                    mine={mine}
                    author={mine ? t('messages.conversation.you') : title}
                    seen={message.id === seenId}
                  />
                );
              })}
            </ol>
          )}
        </div>
        <Composer onSend={onSend} pending={send.isPending} failure={sendFailure} />
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 sm:px-6 md:py-10">
      <PageHeader title={title} back={{ to: paths.app.messages, label: t('messages.back') }} />
      {body}
    </div>
  );
}
