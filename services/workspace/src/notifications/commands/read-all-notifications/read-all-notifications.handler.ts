import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, CLOCK } from '@kiln/service-kit';
import { PgNotificationRepository } from '../../adapters/pg-notification.repository';
import { ReadAllNotificationsCommand } from './read-all-notifications.command';

/** PATCH .../read-all: every notification the caller has so far becomes read (one event for all). */
@CommandHandler(ReadAllNotificationsCommand)
export class ReadAllNotificationsHandler implements ICommandHandler<ReadAllNotificationsCommand, { eventIds: string[] }> {
  constructor(
    private readonly notifications: PgNotificationRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId }: ReadAllNotificationsCommand): Promise<{ eventIds: string[] }> {
    const upTo = this.clock.now();
    return { eventIds: await this.notifications.markAllRead(actorId, upTo) };
  }
}
