import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PgNotificationReadModel } from '../../adapters/pg-notification.read-model';
import { CountNotificationsQuery, NotificationCounts } from './count-notifications.query';

/** GET /api/notification/user-notification/count: the bell's badge (unread) and the panel's total. */
@QueryHandler(CountNotificationsQuery)
export class CountNotificationsHandler implements IQueryHandler<CountNotificationsQuery, NotificationCounts> {
  constructor(private readonly readModel: PgNotificationReadModel) {}

  execute({ actorId }: CountNotificationsQuery): Promise<NotificationCounts> {
    return this.readModel.counts(actorId);
  }
}
