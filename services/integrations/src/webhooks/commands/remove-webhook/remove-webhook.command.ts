import { Command } from '@nestjs/cqrs';
import { WebhookEndpoint } from '@kiln/contracts';

/** Remove an endpoint and its log (ADR 0067). */
export class RemoveWebhookCommand extends Command<WebhookEndpoint> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
