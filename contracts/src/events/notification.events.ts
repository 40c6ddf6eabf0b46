import { z } from 'zod';
import { Id, Timestamp } from '../common/ids';
import { envelope } from './envelope';

export const NotificationTypeValue = z.enum([
  'team-member.invite',
  'team-member.role-changed',
  'team-member.removed',
  'shared-model.create',
  'shared-model.role-changed',
  'product.approved',
  'product.rejected',
  // A moderator rejected a community texture or scene (ADR 0061).
  'texture.rejected',
  'environment-map.rejected',
  'webhook.disabled',
]);

/**
 * A notification as events tell it: what it is about and its state, not its sentence (the sentence names
 * people; it is kept in the notification's state and read through the API) (ADR 0018).
 */
export const NotificationSnapshot = z.object({
  id: Id,
  recipientId: Id,
  type: NotificationTypeValue,
  read: z.boolean(),
  disabled: z.boolean(),
  createdAt: Timestamp,
  data: z.object({ link: z.string(), teamId: Id.optional(), modelId: Id.optional(), productId: Id.optional() }),
  version: z.number().int(),
});
export type NotificationSnapshot = z.infer<typeof NotificationSnapshot>;

export const NotificationCreatedV1 = envelope('workspace.notification.created.v1', z.object({ notification: NotificationSnapshot }));
/** Read, or disabled because its team or model was deleted. */
export const NotificationUpdatedV1 = envelope('workspace.notification.updated.v1', z.object({ notification: NotificationSnapshot }));
/** Mark-all-read: every notification of the recipient created up to `upTo` is read. */
export const NotificationsAllReadV1 = envelope('workspace.notification.all-read.v1', z.object({ recipientId: Id, upTo: Timestamp }));

export const NotificationEvents = {
  'workspace.notification.created.v1': NotificationCreatedV1,
  'workspace.notification.updated.v1': NotificationUpdatedV1,
  'workspace.notification.all-read.v1': NotificationsAllReadV1,
} as const;

export const NOTIFICATION_EVENT_DESCRIPTIONS: Record<keyof typeof NotificationEvents, string> = {
  'workspace.notification.created.v1': 'Someone got an in-app notification (invited to a team, a model shared with them, …).',
  'workspace.notification.updated.v1': 'A notification was read, or disabled because its team or model was deleted.',
  'workspace.notification.all-read.v1': 'A user marked all their notifications read.',
};
