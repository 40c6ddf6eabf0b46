import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { WEBHOOK_DELIVERY_PAGE_SIZE, WebhookDeliveryList } from '@kiln/contracts';
import { WEBHOOK_DELIVERIES, WebhookDeliveries } from '../../ports/webhook-deliveries.port';
import { WebhookAccess } from '../../webhook-access';
import { ListWebhookDeliveriesQuery } from './list-webhook-deliveries.query';

/** The log, newest delivery first, each with its attempts (time, status, duration, the answer's first bytes). */
@QueryHandler(ListWebhookDeliveriesQuery)
export class ListWebhookDeliveriesHandler implements IQueryHandler<ListWebhookDeliveriesQuery, WebhookDeliveryList> {
  constructor(
    @Inject(WEBHOOK_DELIVERIES) private readonly deliveries: WebhookDeliveries,
    @Inject(WebhookAccess) private readonly access: WebhookAccess,
  ) {}

  async execute({ actorId, id, skip }: ListWebhookDeliveriesQuery): Promise<WebhookDeliveryList> {
    const endpoint = await this.access.managed(actorId, id);
    return this.deliveries.list(endpoint.id, skip, WEBHOOK_DELIVERY_PAGE_SIZE);
  }
}
