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
export function refreshNotifications(queryClient: QueryClient, push?: { verb?: string; data?: { read?: boolean } }) {
  // The push may come before the service's read model has the notification (both follow the same event), so a
  // new unread one counts at once, and the count is asked again a moment later to agree with the server.
  if (push?.verb === 'create' && push.data?.read === false) {
    queryClient.setQueryData<{ unreadCount: number; allCount: number }>(notificationKeys.count, (count) =>
      count ? { unreadCount: count.unreadCount + 1, allCount: count.allCount + 1 } : count,
    );
  }
  setTimeout(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }), RECHECK_MS);
  queryClient.setQueryData<NotificationPages>(notificationKeys.list, (data) =>
    data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  // Without a count shown yet there is nothing to correct: fetched now.
  if (push?.verb !== 'create') void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  else void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
}

const RECHECK_MS = 1500;
