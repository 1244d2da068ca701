import { type NotificationFilter, NotificationsPageSchema } from '@parla/shared/notifications.schema';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { learnerKeys } from '@/lib/auth/learner-keys';

/** One page of the learner's notifications, newest first (`cursor`: the page before's next_cursor). */
export const getNotifications = ({
  filter,
  cursor,
  signal,
}: {
  filter: NotificationFilter;
  cursor?: string | undefined;
  signal?: AbortSignal;
}) => {
  const query = new URLSearchParams({ filter });
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/users/me/notifications?${query}`, {
    schema: NotificationsPageSchema,
    ...(signal ? { signal } : {}),
  });
};

/** Every list of the panel; under progress, so a completion (a new achievement) refreshes them. */
export const notificationsKey = [...learnerKeys.progress, 'notifications'] as const;

export const getNotificationsQueryOptions = (filter: NotificationFilter) =>
  infiniteQueryOptions({
    queryKey: [...notificationsKey, filter],
    queryFn: ({ pageParam, signal }) => getNotifications({ filter, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useNotifications = (filter: NotificationFilter) => useInfiniteQuery(getNotificationsQueryOptions(filter));
