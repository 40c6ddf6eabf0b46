import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CreatedWebhookEndpoint, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_MESSAGES } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { CLOCK, Clock, newId, SECRET_BOX, SecretBox } from '@kiln/service-kit';
import { WEBHOOK_ENDPOINTS, WebhookEndpoints } from '../../ports/webhook-endpoints.port';
import { checkEventTypes } from '../../../event-catalogue';
import { WebhookAccess, presentEndpoint } from '../../webhook-access';
import { WebhookAddressCheck } from '../../webhook-address-check';
import { newWebhookSecret } from '../../webhook-signature';
import { CreateWebhookCommand } from './create-webhook.command';

/**
 * Creates an endpoint in a scope the caller may manage, its address checked (public addresses only, unless the
 * deployment allows the host), its types from the catalogue; the secret is made here, sealed, and answered.
 */
@CommandHandler(CreateWebhookCommand)
export class CreateWebhookHandler implements ICommandHandler<CreateWebhookCommand, CreatedWebhookEndpoint> {
  constructor(
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpoints,
    @Inject(WebhookAccess) private readonly access: WebhookAccess,
    @Inject(WebhookAddressCheck) private readonly addresses: WebhookAddressCheck,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, body }: CreateWebhookCommand): Promise<CreatedWebhookEndpoint> {
    const scope = await this.access.scopeFor(actorId, body);
    checkEventTypes(body.eventTypes);
    const url = await this.addresses.check(body.url);
    const where = { ownerId: actorId, teamId: scope.teamId, projectId: scope.projectId };
    if ((await this.endpoints.countInScope(where)) >= WEBHOOK_ENDPOINTS_MAX) throw new DomainError('conflict', WEBHOOK_MESSAGES.tooMany);
    const at = this.clock.now();
    const secret = newWebhookSecret();
    const record = {
      id: newId(at),
      ownerId: actorId,
      scope: scope.kind,
      teamId: scope.teamId,
      projectId: scope.projectId,
      url,
      description: body.description?.trim() ?? '',
      eventTypes: body.eventTypes,
      ordered: body.ordered ?? false,
      secretSealed: this.secrets.seal(secret),
      enabled: true,
      disabledReason: null,
      disabledAt: null,
      createdAt: at,
      updatedAt: at,
    };
    await this.endpoints.create(record);
    return { ...presentEndpoint(record), secret };
  }
}
