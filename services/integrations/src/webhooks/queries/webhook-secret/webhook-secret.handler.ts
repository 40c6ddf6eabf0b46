import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { WebhookSecret } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { SECRET_BOX, SecretBox } from '@kiln/service-kit';
import { WebhookAccess } from '../../webhook-access';
import { WebhookSecretQuery } from './webhook-secret.query';

/** The secret, opened for whoever may manage the endpoint (the receiver needs it to verify; Standard Webhooks). */
@QueryHandler(WebhookSecretQuery)
export class WebhookSecretHandler implements IQueryHandler<WebhookSecretQuery, WebhookSecret> {
  constructor(
    @Inject(WebhookAccess) private readonly access: WebhookAccess,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
  ) {}

  async execute({ actorId, id }: WebhookSecretQuery): Promise<WebhookSecret> {
    const endpoint = await this.access.managed(actorId, id);
    const secret = this.secrets.open(endpoint.secretSealed);
    if (secret === null) throw new DomainError('gone', 'The secret of this endpoint can no longer be opened; make the endpoint again.');
    return { secret };
  }
}
