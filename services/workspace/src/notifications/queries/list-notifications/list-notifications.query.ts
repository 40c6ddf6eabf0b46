import { Query } from '@nestjs/cqrs';
import { ListNotificationsQuery as ListNotificationsBody, NotificationPage } from '@kiln/contracts';
import { z } from 'zod';

export class ListNotificationsQuery extends Query<z.output<typeof NotificationPage>> {
  constructor(
    readonly actorId: string,
    readonly body: z.output<typeof ListNotificationsBody>,
  ) {
    super();
  }
}
