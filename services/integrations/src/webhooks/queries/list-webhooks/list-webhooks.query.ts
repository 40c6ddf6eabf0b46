import { Query } from '@nestjs/cqrs';
import { WebhookEndpointList } from '@kiln/contracts';

/** The endpoints of a scope (ADR 0067). */
export class ListWebhooksQuery extends Query<WebhookEndpointList> {
  constructor(
    readonly actorId: string,
    readonly where: { teamId?: string | null; projectId?: string | null } = {},
  ) {
    super();
  }
}
