import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WebhookEndpoint } from '@kiln/contracts';
import { WEBHOOK_ENDPOINTS, WebhookEndpoints } from '../../ports/webhook-endpoints.port';
import { WebhookAccess, presentEndpoint } from '../../webhook-access';
import { RemoveWebhookCommand } from './remove-webhook.command';

/** Removes an endpoint its caller may manage: nothing more is sent to it, its deliveries and attempts go with it. */
@CommandHandler(RemoveWebhookCommand)
export class RemoveWebhookHandler implements ICommandHandler<RemoveWebhookCommand, WebhookEndpoint> {
  constructor(
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpoints,
    @Inject(WebhookAccess) private readonly access: WebhookAccess,
  ) {}

  async execute({ actorId, id }: RemoveWebhookCommand): Promise<WebhookEndpoint> {
    const endpoint = await this.access.managed(actorId, id);
    await this.endpoints.remove(endpoint.id);
    return presentEndpoint(endpoint);
  }
}
