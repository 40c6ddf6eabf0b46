import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { WebhookEndpoint } from '@kiln/contracts';
import { WebhookAccess, presentEndpoint } from '../../webhook-access';
import { GetWebhookQuery } from './get-webhook.query';

/** One endpoint its caller may manage, without its secret. */
@QueryHandler(GetWebhookQuery)
export class GetWebhookHandler implements IQueryHandler<GetWebhookQuery, WebhookEndpoint> {
  constructor(@Inject(WebhookAccess) private readonly access: WebhookAccess) {}

  async execute({ actorId, id }: GetWebhookQuery): Promise<WebhookEndpoint> {
    return presentEndpoint(await this.access.managed(actorId, id));
  }
}
