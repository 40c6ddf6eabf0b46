import { useEffect, useRef } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NOTIFICATION_PAGE_SIZE, NOTIFICATION_TEXTS, notificationText } from '@kiln/domain';
import type { Notification } from '@kiln/contracts';
import { notificationsApi, type NotificationCount } from '../api/notifications';
import { notificationKeys, type NotificationPages } from './notification-queries';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function setRead(pages: NotificationPages | undefined, read: boolean, id?: string): NotificationPages | undefined {
  if (!pages) return pages;
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, data: page.data.map((n) => (id === undefined || n.id === id ? { ...n, read } : n)) })) };
}

/**
 * The notifications panel (spec 000 §2, §4, §7): 10 at a time, newest first; a click marks one read and follows
 * its link; 'Mark all as read'. A failed mark puts the item back to unread and is only logged (§8).
 */
export function NotificationPanel({ id, unreadCount, onClose }: { id: string; unreadCount: number; onClose: (returnFocus?: boolean) => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: async ({ pageParam }) => {
      try {
        return await notificationsApi.list(pageParam, NOTIFICATION_PAGE_SIZE);
      } catch (error) {
        console.error('Could not fetch notifications', error);
        throw error;
      }
    },
    initialPageParam: 0,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((sum, page) => sum + page.data.length, 0);
      return last.data.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });

  // Focus moves into the panel when it opens, so a keyboard user starts there.
  useEffect(() => heading.current?.focus(), []);

  const changeCount = (delta: number) =>
    queryClient.setQueryData<NotificationCount>(notificationKeys.count, (count) =>
      count ? { ...count, unreadCount: Math.max(0, count.unreadCount + delta) } : count,
    );

  const markRead = useMutation({
    mutationFn: (notification: Notification) => notificationsApi.read(notification.id),
    onMutate: (notification) => {
      queryClient.setQueryData<NotificationPages>(notificationKeys.list, (pages) => setRead(pages, true, notification.id));
      changeCount(-1);
    },
    onError: (error, notification) => {
      console.error('Could not mark the notification read', error);
      queryClient.setQueryData<NotificationPages>(notificationKeys.list, (pages) => setRead(pages, false, notification.id));
      changeCount(1);
    },
  });
  const markAll = useMutation({
    mutationFn: () => notificationsApi.readAll(),
    onMutate: () => {
      const before = {
        list: queryClient.getQueryData<NotificationPages>(notificationKeys.list),
        count: queryClient.getQueryData<NotificationCount>(notificationKeys.count),
      };
      queryClient.setQueryData<NotificationPages>(notificationKeys.list, (pages) => setRead(pages, true));
      queryClient.setQueryData<NotificationCount>(notificationKeys.count, (count) => (count ? { ...count, unreadCount: 0 } : count));
      return before;
    },
    onSuccess: (count) => queryClient.setQueryData(notificationKeys.count, count),
    onError: (error, _vars, before) => {
      console.error('Could not mark all notifications read', error);
      queryClient.setQueryData(notificationKeys.list, before?.list);
      queryClient.setQueryData(notificationKeys.count, before?.count);
    },
  });

  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification);
    if (notification.disabled) return;
    onClose(false);
    void navigate(notification.data.link);
  };

  const items = (list.data?.pages ?? []).flatMap((page) => page.data);
  return (
    <div id={id} className="notification-panel" role="region" aria-labelledby={`${id}-title`} data-testid="notification-panel">
      <div className="notification-head">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
          Notifications
        </h2>
        <button
          type="button"
          className="link-btn"
          disabled={unreadCount === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
          data-testid="mark-all-read"
        >
          Mark all as read
        </button>
      </div>
      {list.isPending && (
        <p className="muted notification-empty" role="status">
          Loading…
        </p>
      )}
      {list.isError && !list.data && <p className="muted notification-empty">Notifications could not be loaded.</p>}
      {list.isSuccess && items.length === 0 && (
        <p className="notification-empty" data-testid="notification-empty">
          {NOTIFICATION_TEXTS.empty}
        </p>
      )}
      {items.length > 0 && (
        <ul className="notification-list" aria-label="Notifications">
          {items.map((notification) => (
            <li key={notification.id}>
              <button
                type="button"
                className={
                  `notification-item ${notification.read ? '' : 'notification-item--unread'} ` + `${notification.disabled ? 'notification-item--disabled' : ''}`
                }
                data-testid="notification-item"
                data-read={notification.read}
                onClick={() => open(notification)}
              >
                {!notification.read && <span className="unread-dot" aria-hidden="true" />}
                <span className="notification-text">
                  {!notification.read && <span className="visually-hidden">Unread: </span>}
                  {notificationText(notification)}
                </span>
                <time className="notification-time" dateTime={notification.createdAt}>
                  {timeFormat.format(new Date(notification.createdAt))}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button
          type="button"
          className="btn btn-ghost notification-more"
          disabled={list.isFetchingNextPage}
          onClick={() => list.fetchNextPage()}
          data-testid="notifications-more"
        >
          {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      )}
    </div>
  );
}
