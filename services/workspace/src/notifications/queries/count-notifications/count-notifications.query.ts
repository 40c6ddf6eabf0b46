import { Query } from '@nestjs/cqrs';

export interface NotificationCounts {
  unreadCount: number;
  allCount: number;
}

export class CountNotificationsQuery extends Query<NotificationCounts> {
  constructor(readonly actorId: string) {
    super();
  }
}
