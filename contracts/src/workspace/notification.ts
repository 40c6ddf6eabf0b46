import { z } from 'zod';
import { Id, Timestamp } from '../common/ids';
import { limitUpTo, listOf, Skip } from '../common/list';

/** In-app notifications (spec 000 §3, §7). Who gets which, and the texts, live in domain/. */
export const NotificationType = z.enum([
  'team-member.invite',
  'team-member.role-changed',
  'team-member.removed',
  'shared-model.create',
  'shared-model.role-changed',
  'product.approved',
  'product.rejected',
  'texture.rejected',
  'environment-map.rejected',
  'webhook.disabled',
]);

export const Notification = z.object({
  id: Id,
  message: z.string(),
  type: NotificationType,
  read: z.boolean(),
  disabled: z.boolean(),
  createdAt: Timestamp,
  data: z.object({ link: z.string() }).passthrough(),
});
export type Notification = z.infer<typeof Notification>;

export const NOTIFICATION_PAGE_LIMIT = 10;

/** GET /api/notification/user-notification: newest first, paged by 10. */
export const ListNotificationsQuery = z.strictObject({
  skip: Skip,
  limit: limitUpTo(50, NOTIFICATION_PAGE_LIMIT),
  sort: z.literal('createdAt DESC').optional(),
  total: z.enum(['true', 'false']).optional(),
});
export const NotificationPage = listOf(Notification);

/** GET /api/notification/user-notification/count */
export const NotificationCount = z.object({ unreadCount: z.number().int(), allCount: z.number().int() });
