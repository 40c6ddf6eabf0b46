import type { Notification } from '@kiln/contracts';
import { request } from './client';

export interface NotificationCount {
  unreadCount: number;
  allCount: number;
}
export interface NotificationPage {
  data: Notification[];
  total: number;
}

const BASE = '/api/notification/user-notification';

/** In-app notifications (spec 000 §7): newest first, 10 a page, with a total. */
export const notificationsApi = {
  count: () => request<NotificationCount>('GET', `${BASE}/count`),
  list: (skip: number, limit: number) => request<NotificationPage>('GET', BASE, { query: { limit, skip, sort: 'createdAt DESC', total: 'true' } }),
  read: (id: string) => request<Notification>('PATCH', `${BASE}/read-notification/${encodeURIComponent(id)}`),
  readAll: () => request<NotificationCount>('PATCH', `${BASE}/read-all`),
};
