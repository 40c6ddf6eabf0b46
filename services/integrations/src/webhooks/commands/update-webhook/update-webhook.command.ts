import { Command } from '@nestjs/cqrs';
import { UpdateWebhookBody, WebhookEndpoint } from '@kiln/contracts';

/** Change an endpoint, or enable / disable it (ADR 0067). */
export class UpdateWebhookCommand extends Command<WebhookEndpoint> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly changes: UpdateWebhookBody,
  ) {
    super();
  }
}
