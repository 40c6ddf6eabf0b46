import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { WorkspaceDatabase } from '../../../database.types';
import { Clock, CLOCK } from '@kiln/service-kit';
import { markAllRead } from '../../adapters/notification-store';
import { ReadAllNotificationsCommand } from './read-all-notifications.command';

/** PATCH .../read-all: every notification the caller has so far becomes read (one event for all). */
@CommandHandler(ReadAllNotificationsCommand)
export class ReadAllNotificationsHandler implements ICommandHandler<ReadAllNotificationsCommand, { eventIds: string[] }> {
  constructor(
    @Inject(DB) private readonly db: Kysely<WorkspaceDatabase>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId }: ReadAllNotificationsCommand): Promise<{ eventIds: string[] }> {
    const upTo = this.clock.now();
    return { eventIds: await this.db.transaction().execute((trx) => markAllRead(trx, actorId, upTo)) };
  }
}
