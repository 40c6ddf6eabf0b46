import { Query } from '@nestjs/cqrs';
import { WebhookEndpoint } from '@kiln/contracts';

/** One endpoint (ADR 0067). */
export class GetWebhookQuery extends Query<WebhookEndpoint> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
