import type {
  CreatedWebhookEndpoint,
  CreateWebhookBody,
  ReplayAnswer,
  UpdateWebhookBody,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEventTypeList,
  WebhookSecret,
} from '@kiln/contracts';
import { request } from '../../api/client';

const base = '/api/integrations/webhook';
const id = (value: string) => encodeURIComponent(value);

/** Webhook endpoints (issue 21; ADR 0067): the routes of contracts/src/integrations/webhooks.ts. */
export const webhooksApi = {
  eventTypes: () => request<WebhookEventTypeList>('GET', `${base}-event-types`),
  list: (where: { teamId: string | null; projectId: string | null }) =>
    request<WebhookEndpointList>('GET', base, where.teamId ? { query: { where: JSON.stringify(where) } } : {}),
  get: (endpointId: string) => request<WebhookEndpoint>('GET', `${base}/${id(endpointId)}`),
  create: (body: CreateWebhookBody) => request<CreatedWebhookEndpoint>('POST', base, { body }),
  update: (endpointId: string, changes: UpdateWebhookBody) => request<WebhookEndpoint>('PATCH', `${base}/${id(endpointId)}`, { body: changes }),
  remove: (endpointId: string) => request<WebhookEndpoint>('DELETE', `${base}/${id(endpointId)}`),
  secret: (endpointId: string) => request<WebhookSecret>('GET', `${base}/${id(endpointId)}/secret`),
  deliveries: (endpointId: string, skip = 0) => request<WebhookDeliveryList>('GET', `${base}/${id(endpointId)}/delivery`, { query: { skip } }),
  redeliver: (endpointId: string, deliveryId: string) => request<WebhookDelivery>('POST', `${base}/${id(endpointId)}/delivery/${id(deliveryId)}/redeliver`),
  replay: (endpointId: string, from: { since?: string; afterEventId?: string }) =>
    request<ReplayAnswer>('POST', `${base}/${id(endpointId)}/replay`, { body: from }),
};
