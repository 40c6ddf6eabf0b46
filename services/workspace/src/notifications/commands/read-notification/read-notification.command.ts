import { Command } from '@nestjs/cqrs';
import { Notification } from '@kiln/contracts';

export interface NotificationRead {
  notification: Notification;
  eventIds: string[];
}

export class ReadNotificationCommand extends Command<NotificationRead> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
