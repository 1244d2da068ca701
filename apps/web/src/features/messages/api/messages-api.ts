import {
  ConversationsPageSchema,
  type Message,
  MessageSchema,
  type MessagesPage,
  MessagesPageSchema,
} from '@parla/shared/messages.schema';
import { BlocksResponseSchema, FriendSchema } from '@parla/shared/social.schema';
import { type InfiniteData, infiniteQueryOptions, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { learnerKeys } from '@/lib/auth/learner-keys';

/** The messages screen's data: one learner's, so it leaves the cache when the session ends. */
export const messagesKeys = {
  all: [...learnerKeys.all, 'messages'] as const,
  conversations: [...learnerKeys.all, 'messages', 'conversations'] as const,
  conversation: (otherId: string) => [...learnerKeys.all, 'messages', 'conversation', otherId] as const,
  learner: (otherId: string) => [...learnerKeys.all, 'messages', 'learner', otherId] as const,
  blocks: [...learnerKeys.all, 'messages', 'blocks'] as const,
};

/** How often the open conversation asks for replies while the tab is visible. */
export const CONVERSATION_POLL_MS = 10_000;
/** How often the list of conversations refreshes while the tab is visible. */
export const CONVERSATIONS_POLL_MS = 30_000;

const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});
const pageQuery = (cursor: string | undefined) => (cursor ? `?${new URLSearchParams({ cursor })}` : '');

export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: messagesKeys.conversations,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/users/me/conversations${pageQuery(pageParam)}`, { schema: ConversationsPageSchema, ...withSignal(signal) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // TanStack pauses the interval while the tab is hidden (refetchIntervalInBackground is off).
    refetchInterval: CONVERSATIONS_POLL_MS,
  });

/**
 * A conversation, newest first a page at a time. The first page marks the other's messages read on
 * the server, so polling it (every 10 s while the tab is visible) also keeps them read.
 */
export const conversationQueryOptions = (otherId: string) =>
  infiniteQueryOptions({
    queryKey: messagesKeys.conversation(otherId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/users/me/conversations/${encodeURIComponent(otherId)}/messages${pageQuery(pageParam)}`, {
        schema: MessagesPageSchema,
        ...withSignal(signal),
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: (query) => (query.state.status === 'error' ? false : CONVERSATION_POLL_MS),
  });

/** The other learner's card: their name for the header (404 across a block, or no such learner). */
export const learnerQueryOptions = (otherId: string) =>
  queryOptions({
    queryKey: messagesKeys.learner(otherId),
    queryFn: ({ signal }) => apiRequest(`/users/${encodeURIComponent(otherId)}`, { schema: FriendSchema, ...withSignal(signal) }),
    retry: false,
    staleTime: 60_000,
  });

/** The learners I blocked: asked only when a conversation is closed, to say why in words. */
export const blocksQueryOptions = () =>
  queryOptions({
    queryKey: messagesKeys.blocks,
    queryFn: ({ signal }) => apiRequest('/users/me/blocks', { schema: BlocksResponseSchema, ...withSignal(signal) }),
  });

export const useLearnerName = (otherId: string) => useQuery(learnerQueryOptions(otherId));
export const useBlocks = (enabled: boolean) => useQuery({ ...blocksQueryOptions(), enabled });

/** Sends `text`; `requestId` is kept while the same text is retried, so a retry never stores it twice. */
export const sendMessage = ({ otherId, text, requestId }: { otherId: string; text: string; requestId: string }) =>
  apiRequest(`/users/me/conversations/${encodeURIComponent(otherId)}/messages`, {
    method: 'POST',
    body: { text },
    schema: MessageSchema,
    requestId,
  });

/** The conversation's pages with `message` at the newest end, once, however often it is added. */
export function withSentMessage<TParam>(data: InfiniteData<MessagesPage, TParam> | undefined, message: Message) {
  if (!data) return data;
  if (data.pages.some((page) => page.items.some((item) => item.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  const firstPage: MessagesPage = first
    ? { ...first, items: [message, ...first.items] }
    : { items: [message], next_cursor: null };
  return { ...data, pages: [firstPage, ...rest] };
}

/** After a send: the message shows at once in the conversation, and the list of conversations reloads. */
export function applySent(queryClient: QueryClient, otherId: string, message: Message) {
  queryClient.setQueryData(conversationQueryOptions(otherId).queryKey, (data) => withSentMessage(data, message));
  void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
}
