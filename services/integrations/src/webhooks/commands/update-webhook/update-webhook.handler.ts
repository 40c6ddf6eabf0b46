import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WEBHOOK_MESSAGES, WebhookEndpoint } from '@kiln/contracts';
import { CLOCK, Clock } from '@kiln/service-kit';
import { WEBHOOK_ENDPOINTS, WebhookEndpointChanges, WebhookEndpoints } from '../../ports/webhook-endpoints.port';
import { checkEventTypes } from '../../../event-catalogue';
import { WebhookAccess, presentEndpoint } from '../../webhook-access';
import { WebhookAddressCheck } from '../../webhook-address-check';
import { UpdateWebhookCommand } from './update-webhook.command';

/** Changes an endpoint its caller may manage; a new address is checked as at creation. Re-enabling resumes what waited. */
@CommandHandler(UpdateWebhookCommand)
export class UpdateWebhookHandler implements ICommandHandler<UpdateWebhookCommand, WebhookEndpoint> {
  constructor(
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpoints,
    @Inject(WebhookAccess) private readonly access: WebhookAccess,
    @Inject(WebhookAddressCheck) private readonly addresses: WebhookAddressCheck,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, id, changes }: UpdateWebhookCommand): Promise<WebhookEndpoint> {
    const endpoint = await this.access.managed(actorId, id);
    const next: WebhookEndpointChanges = {};
    if (changes.url !== undefined) next.url = await this.addresses.check(changes.url);
    if (changes.eventTypes !== undefined) {
      checkEventTypes(changes.eventTypes);
      next.eventTypes = changes.eventTypes;
    }
    if (changes.description !== undefined) next.description = changes.description.trim();
    if (changes.ordered !== undefined) next.ordered = changes.ordered;
    const at = this.clock.now();
    if (changes.enabled === true && !endpoint.enabled) Object.assign(next, { enabled: true, disabledReason: null, disabledAt: null });
    if (changes.enabled === false && endpoint.enabled)
      Object.assign(next, { enabled: false, disabledReason: WEBHOOK_MESSAGES.disabledByOwner, disabledAt: at });
    return presentEndpoint(await this.endpoints.update(endpoint.id, next, at));
  }
}
