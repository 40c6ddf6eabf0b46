import { Command } from '@nestjs/cqrs';
import { WebhookDelivery } from '@kiln/contracts';

/** Send one delivery again, now (ADR 0067). */
export class RedeliverWebhookCommand extends Command<WebhookDelivery> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly deliveryId: string,
  ) {
    super();
  }
}
