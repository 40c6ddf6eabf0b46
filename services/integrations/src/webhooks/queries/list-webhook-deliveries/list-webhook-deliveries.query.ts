import { Query } from '@nestjs/cqrs';
import { WebhookDeliveryList } from '@kiln/contracts';

/** An endpoint's delivery log, a page of it (ADR 0067). */
export class ListWebhookDeliveriesQuery extends Query<WebhookDeliveryList> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly skip: number,
  ) {
    super();
  }
}
