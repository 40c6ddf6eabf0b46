import { EventOf } from './parse-event';
import { emit, PushPlan } from './push-plan';
import { userRoom } from './rooms';

type NotificationEvent = EventOf<'workspace.notification.created.v1' | 'workspace.notification.updated.v1' | 'workspace.notification.all-read.v1'>;

const TYPES = new Set(['workspace.notification.created.v1', 'workspace.notification.updated.v1', 'workspace.notification.all-read.v1']);
export const isNotificationEvent = (event: { type: string }): event is NotificationEvent => TYPES.has(event.type);

/**
 * `user-notification`: only the recipient. Mark-all-read names no notification: its push says up to when all
 * are read, so the recipient's other tabs and instances clear their badge too (ADR 0019).
 */
export function notificationPlan(event: NotificationEvent): PushPlan {
  if (event.type === 'workspace.notification.all-read.v1') {
    const { recipientId, upTo } = event.data;
    return {
      // Later mark-all-reads of one person have later times: the time orders them.
      order: { eventId: event.eventId, key: `notifications-read:${recipientId}`, version: Date.parse(upTo), deleted: false },
      steps: [emit('user-notification', [userRoom(recipientId)], { verb: 'update', data: { recipientId, allReadUpTo: upTo } })],
    };
  }
  const { notification } = event.data;
  const verb = event.type === 'workspace.notification.created.v1' ? 'create' : 'update';
  return {
    order: { eventId: event.eventId, key: `notification:${notification.id}`, version: notification.version, deleted: false },
    steps: [emit('user-notification', [userRoom(notification.recipientId)], { verb, data: notification })],
  };
}
