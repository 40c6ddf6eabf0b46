import { useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { notificationsApi, type NotificationPage } from '../api/notifications';

export const notificationKeys = {
  all: ['notifications'] as const,
  count: ['notifications', 'count'] as const,
  list: ['notifications', 'list'] as const,
};

export type NotificationPages = InfiniteData<NotificationPage, number>;

/** The unread count behind the badge (GET …/count); a failure is only logged (spec 000 §8). */
export function useNotificationCount() {
  return useQuery({
    queryKey: notificationKeys.count,
    queryFn: async () => {
      try {
        return await notificationsApi.count();
      } catch (error) {
        console.error('Could not fetch the notification count', error);
        throw error;
      }
    },
    retry: 1,
  });
}

/**
 * A notification came, changed, or all were read elsewhere: the count and the first page are fetched again (the
 * push carries ids and state only). Later pages are let go, so the newest-first paging starts afresh.
 */
export function refreshNotifications(queryClient: QueryClient) {
  queryClient.setQueryData<NotificationPages>(notificationKeys.list, (data) =>
    data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}
