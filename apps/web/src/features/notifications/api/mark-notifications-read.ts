import { MarkAllNotificationsReadResponseSchema, NotificationSchema } from '@parla/shared/notifications.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationsKey } from './get-notifications';
import { setUnreadCount, unreadCountQueryOptions } from './get-unread-count';

/** Marks one notification read; the lists and the count follow. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/users/me/notifications/${encodeURIComponent(id)}/read`, { method: 'POST', schema: NotificationSchema }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryOptions(queryClient).queryKey });
    },
  });
}

/** Marks every notification read. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/users/me/notifications/read-all', { method: 'POST', schema: MarkAllNotificationsReadResponseSchema }),
    onSuccess: (answer) => {
      setUnreadCount(queryClient, answer.unread_count);
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}
