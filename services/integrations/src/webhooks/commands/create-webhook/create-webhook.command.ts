import { Command } from '@nestjs/cqrs';
import { CreatedWebhookEndpoint, CreateWebhookBody } from '@kiln/contracts';

/** Subscribe an address to event types in a scope (ADR 0067): answered with the signing secret. */
export class CreateWebhookCommand extends Command<CreatedWebhookEndpoint> {
  constructor(
    readonly actorId: string,
    readonly body: CreateWebhookBody,
  ) {
    super();
  }
}
