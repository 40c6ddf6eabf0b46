import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotificationPage } from '@kiln/contracts';
import { z } from 'zod';
import { PgNotificationReadModel } from '../../adapters/pg-notification.read-model';
import { ListNotificationsQuery } from './list-notifications.query';

/** GET /api/notification/user-notification: the caller's own, newest first, 10 a page, with the total. */
@QueryHandler(ListNotificationsQuery)
export class ListNotificationsHandler implements IQueryHandler<ListNotificationsQuery, z.output<typeof NotificationPage>> {
  constructor(private readonly readModel: PgNotificationReadModel) {}

  async execute({ actorId, body }: ListNotificationsQuery) {
    const [data, { allCount }] = await Promise.all([this.readModel.page(actorId, body.skip, body.limit), this.readModel.counts(actorId)]);
    return { data, total: allCount };
  }
}
