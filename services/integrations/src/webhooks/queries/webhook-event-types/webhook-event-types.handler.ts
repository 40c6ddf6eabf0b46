import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  ASSETS_EVENT_DESCRIPTIONS,
  BUSINESS_EVENT_DESCRIPTIONS,
  COMMERCE_EVENT_DESCRIPTIONS,
  EVENT_DESCRIPTIONS,
  EventSchemas,
  PLUGIN_REGISTRY_EVENT_DESCRIPTIONS,
  WebhookEventTypeList,
} from '@kiln/contracts';
import { WebhookEventTypesQuery } from './webhook-event-types.query';

const descriptions: Record<string, string> = {
  ...EVENT_DESCRIPTIONS,
  ...COMMERCE_EVENT_DESCRIPTIONS,
  ...BUSINESS_EVENT_DESCRIPTIONS,
  ...PLUGIN_REGISTRY_EVENT_DESCRIPTIONS,
  ...ASSETS_EVENT_DESCRIPTIONS,
};

/** The published catalogue (every type of EventSchemas, as docs/events.md and the AsyncAPI document list them). */
@QueryHandler(WebhookEventTypesQuery)
export class WebhookEventTypesHandler implements IQueryHandler<WebhookEventTypesQuery, WebhookEventTypeList> {
  async execute(): Promise<WebhookEventTypeList> {
    return {
      data: Object.keys(EventSchemas)
        .sort()
        .map((type) => ({ type, description: descriptions[type] ?? '' })),
    };
  }
}
