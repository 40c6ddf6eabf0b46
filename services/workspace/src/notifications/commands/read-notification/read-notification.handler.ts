import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@kiln/domain';
import { toNotification } from '../../adapters/notification-store';
import { PgNotificationRepository } from '../../adapters/pg-notification.repository';
import { NotificationRead, ReadNotificationCommand } from './read-notification.command';

const ID = /^[0-9a-f]{24}$/;

/** PATCH .../read-notification/{id}: only the recipient may; anyone else's id is answered like a missing one. */
@CommandHandler(ReadNotificationCommand)
export class ReadNotificationHandler implements ICommandHandler<ReadNotificationCommand, NotificationRead> {
  constructor(private readonly notifications: PgNotificationRepository) {}

  async execute({ actorId, id }: ReadNotificationCommand): Promise<NotificationRead> {
    const done = ID.test(id) ? await this.notifications.markRead(actorId, id) : null;
    if (!done) throw new DomainError('not-found', 'Notification not found.');
    return { notification: toNotification(done.row), eventIds: done.eventIds };
  }
}
