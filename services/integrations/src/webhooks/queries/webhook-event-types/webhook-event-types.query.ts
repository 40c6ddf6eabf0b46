import { Query } from '@nestjs/cqrs';
import { WebhookEventTypeList } from '@kiln/contracts';

/** The event types an endpoint may subscribe to (ADR 0067). */
export class WebhookEventTypesQuery extends Query<WebhookEventTypeList> {}
