import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-context';
import { getMe, getMeQueryOptions } from '@/lib/auth/get-me';
import { learnerKeys } from '@/lib/auth/learner-keys';

/**
 * The unread count (the bell, the Friends badge) is a field of GET /users/me. This query reads it
 * from the cached learner when that is fresh and is kept under `learnerKeys.progress`, so a
 * finished lesson, practice or review — which may earn an achievement, and so a notification —
 * makes it fetch /users/me again (and refresh the cached learner with it).
 */
export const unreadCountQueryOptions = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: [...learnerKeys.progress, 'unread-notifications'],
    queryFn: async ({ signal }) => {
      const me = await getMe({ signal });
      queryClient.setQueryData(getMeQueryOptions().queryKey, me);
      return me.unread_notifications ?? 0;
    },
    initialData: () => queryClient.getQueryData(getMeQueryOptions().queryKey)?.unread_notifications,
    initialDataUpdatedAt: () => queryClient.getQueryState(getMeQueryOptions().queryKey)?.dataUpdatedAt,
  });

/** The learner's unread notifications (0 until known). */
export function useUnreadCount(): number {
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  return useQuery({ ...unreadCountQueryOptions(queryClient), enabled: isAuthenticated }).data ?? 0;
}

/** Sets the count everywhere it shows (after the server said what it is). */
export function setUnreadCount(queryClient: QueryClient, count: number): void {
  queryClient.setQueryData(unreadCountQueryOptions(queryClient).queryKey, count);
  queryClient.setQueryData(getMeQueryOptions().queryKey, (me) => (me ? { ...me, unread_notifications: count } : me));
}
