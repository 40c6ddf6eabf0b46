import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { WebhookEndpointList } from '@kiln/contracts';
import { WEBHOOK_ENDPOINTS, WebhookEndpoints } from '../../ports/webhook-endpoints.port';
import { WebhookAccess, presentEndpoint } from '../../webhook-access';
import { ListWebhooksQuery } from './list-webhooks.query';

/** A person's own endpoints, or a team's (a project's) to its owners; newest first, without secrets. */
@QueryHandler(ListWebhooksQuery)
export class ListWebhooksHandler implements IQueryHandler<ListWebhooksQuery, WebhookEndpointList> {
  constructor(
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpoints,
    @Inject(WebhookAccess) private readonly access: WebhookAccess,
  ) {}

  async execute({ actorId, where }: ListWebhooksQuery): Promise<WebhookEndpointList> {
    const scope = await this.access.scopeFor(actorId, where);
    const data = (await this.endpoints.list({ ownerId: actorId, teamId: scope.teamId, projectId: scope.projectId })).map(presentEndpoint);
    return { data, total: data.length };
  }
}
