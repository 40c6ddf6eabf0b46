import { EventOf } from './parse-event';
import { emit, PushPlan } from './push-plan';
import { userRoom } from './rooms';

type NotificationEvent = EventOf<'workspace.notification.created.v1' | 'workspace.notification.updated.v1'>;

export const isNotificationEvent = (event: { type: string }): event is NotificationEvent =>
  event.type === 'workspace.notification.created.v1' || event.type === 'workspace.notification.updated.v1';

/**
 * `user-notification`: only the recipient. `all-read` carries no notification (the contract's `data` is one
 * notification), so it is not pushed: the tab that marked all read already shows it (ADR 0019).
 */
export function notificationPlan(event: NotificationEvent): PushPlan {
  const { notification } = event.data;
  const verb = event.type === 'workspace.notification.created.v1' ? 'create' : 'update';
  return {
    order: { eventId: event.eventId, key: `notification:${notification.id}`, version: notification.version, deleted: false },
    steps: [emit('user-notification', [userRoom(notification.recipientId)], { verb, data: notification })],
  };
}
