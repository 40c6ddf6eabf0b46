import { z } from 'zod';
import { Id, Text, Timestamp } from '../common/ids';
import { jsonParam } from '../common/list';
import { passThrough as route, rpc, withActor } from '../common/contract-builders';
import { Actor } from '../common/errors';
import type { HttpRoute } from '../http';
import {
  WEBHOOK_DELIVERY_PAGE_SIZE,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_MESSAGES,
  WEBHOOK_SCOPE_KINDS,
  WEBHOOK_URL_MAX,
} from './webhooks.constants';

export * from './webhooks.constants';

/**
 * Outgoing webhooks (issue 21; ADR 0067): an endpoint subscribes an https address to event types of the published
 * catalogue (AsyncAPI, docs/events.md) in a scope; each event is POSTed signed the Standard Webhooks way
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with back-off, and logged attempt by attempt.
 */

/** An event type of the catalogue, as the picker lists it. */
export const WebhookEventType = z.object({ type: z.string(), description: z.string() });
export type WebhookEventType = z.infer<typeof WebhookEventType>;
export const WebhookEventTypeList = z.object({ data: z.array(WebhookEventType) });
export type WebhookEventTypeList = z.infer<typeof WebhookEventTypeList>;

/** An endpoint as read: never its secret (GET …/secret answers it to whoever may manage the endpoint). */
export const WebhookEndpoint = z.object({
  id: Id,
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  scope: z.enum(WEBHOOK_SCOPE_KINDS),
  ownerId: Id,
  teamId: Id.nullable(),
  projectId: Id.nullable(),
  /** A later event of one record waits until the earlier one is delivered or dropped. */
  ordered: z.boolean(),
  enabled: z.boolean(),
  /** Why it was disabled (its owner, or every retry failing), when it is. */
  disabledReason: z.string().nullable(),
  disabledAt: Timestamp.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** The create answer: the endpoint, and its signing secret (`whsec_…`). */
export const CreatedWebhookEndpoint = WebhookEndpoint.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof CreatedWebhookEndpoint>;
export const WebhookSecret = z.object({ secret: z.string() });
export type WebhookSecret = z.infer<typeof WebhookSecret>;

const EventTypes = z
  .array(z.string().max(200, WEBHOOK_MESSAGES.eventTypeUnknown), { error: WEBHOOK_MESSAGES.eventTypesRequired })
  .min(1, WEBHOOK_MESSAGES.eventTypesRequired)
  .max(500, WEBHOOK_MESSAGES.eventTypeUnknown)
  .transform((types) => [...new Set(types)]);

export const CreateWebhookBody = z.strictObject({
  url: z.string({ error: WEBHOOK_MESSAGES.urlInvalid }).max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlInvalid),
  description: Text(WEBHOOK_DESCRIPTION_MAX, `Must be at most ${WEBHOOK_DESCRIPTION_MAX} characters.`).optional(),
  eventTypes: EventTypes,
  /** None: the caller's own (personal). A team: its events (a team owner only); with a project: that project's. */
  teamId: Id.nullable().optional(),
  projectId: Id.nullable().optional(),
  ordered: z.boolean().optional(),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

/** Change an endpoint: its address, description, types, order, or enable / disable it. */
export const UpdateWebhookBody = z.strictObject({
  url: z.string().max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlInvalid).optional(),
  description: Text(WEBHOOK_DESCRIPTION_MAX, `Must be at most ${WEBHOOK_DESCRIPTION_MAX} characters.`).optional(),
  eventTypes: EventTypes.optional(),
  ordered: z.boolean().optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

export const WebhookWhere = z.strictObject({ teamId: Id.nullable().optional(), projectId: Id.nullable().optional() });
export const WebhookListQuery = z.strictObject({ where: jsonParam(WebhookWhere).optional() });
export const WebhookEndpointList = z.object({ data: z.array(WebhookEndpoint).max(WEBHOOK_ENDPOINTS_MAX * 3), total: z.number().int() });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;

/** One attempt at a delivery: when, the answer's status (null: no answer), how long, and the answer's first bytes. */
export const WebhookAttempt = z.object({
  attempt: z.number().int(),
  at: Timestamp,
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** Why there was no answer (timeout, refused address, connection error), or null. */
  error: z.string().nullable(),
  /** The first WEBHOOK_RESPONSE_KEEP_BYTES of the answer's body (UTF-8, damaged bytes replaced). */
  response: z.string(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDelivery = z.object({
  id: Id,
  endpointId: Id,
  /** The event's id, sent as `webhook-id`. */
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum([...WEBHOOK_DELIVERY_STATUSES, 'skipped']),
  attempts: z.array(WebhookAttempt),
  nextAttemptAt: Timestamp.nullable(),
  createdAt: Timestamp,
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveryList = z.object({ data: z.array(WebhookDelivery).max(WEBHOOK_DELIVERY_PAGE_SIZE), total: z.number().int() });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;
export const WebhookDeliveryQuery = z.strictObject({ skip: z.coerce.number().int().min(0).max(1_000_000).optional() });

/** Replay: queue again every event the endpoint wants since a time, or after an event id of the journal. */
export const ReplayWebhookBody = z
  .strictObject({ since: Timestamp.optional(), afterEventId: z.string().max(100).optional() })
  .refine((b) => (b.since === undefined) !== (b.afterEventId === undefined), { message: WEBHOOK_MESSAGES.replayFromRequired });
export type ReplayWebhookBody = z.infer<typeof ReplayWebhookBody>;
export const ReplayAnswer = z.object({ queued: z.number().int() });
export type ReplayAnswer = z.infer<typeof ReplayAnswer>;

export const WebhookIdParams = z.strictObject({ id: Id });
export const WebhookDeliveryParams = z.strictObject({ id: Id, deliveryId: Id });
const IdBody = z.object({ id: z.string() });

/** The integrations service's NATS requests for webhook endpoints. */
export const WebhooksRpc = {
  eventTypes: rpc('rpc.integrations.webhook.event-types', withActor(z.object({})), WebhookEventTypeList),
  list: rpc('rpc.integrations.webhook.list', withActor(WebhookListQuery), WebhookEndpointList),
  get: rpc('rpc.integrations.webhook.get', withActor(IdBody), WebhookEndpoint),
  secret: rpc('rpc.integrations.webhook.secret', withActor(IdBody), WebhookSecret),
  create: rpc('rpc.integrations.webhook.create', withActor(CreateWebhookBody), CreatedWebhookEndpoint),
  update: rpc('rpc.integrations.webhook.update', withActor(IdBody.extend({ changes: UpdateWebhookBody })), WebhookEndpoint),
  remove: rpc('rpc.integrations.webhook.remove', withActor(IdBody), WebhookEndpoint),
  deliveries: rpc('rpc.integrations.webhook.deliveries', withActor(IdBody.extend({ skip: z.number().int().optional() })), WebhookDeliveryList),
  redeliver: rpc('rpc.integrations.webhook.redeliver', withActor(z.object({ id: z.string(), deliveryId: z.string() })), WebhookDelivery),
  replay: rpc('rpc.integrations.webhook.replay', withActor(IdBody.extend({ from: ReplayWebhookBody })), ReplayAnswer),
} as const;

/**
 * Asked of the workspace by the integrations service (never by the BFF): tell an endpoint's owner (`actor`) that it
 * was disabled after its retries. Repeats of one disabling make one notification.
 */
export const WebhookNotificationRpc = {
  webhookDisabled: rpc(
    'rpc.workspace.notification.webhook-disabled',
    z.object({ actor: Actor, body: z.object({ endpointId: z.string(), url: z.string(), disabledAt: Timestamp }) }),
    z.object({ ok: z.literal(true) }),
  ),
} as const;

const base = '/api/integrations/webhook';

/** The routes of webhook endpoints, under `/api/integrations/webhook`. */
export const WebhookHttpRoutes = {
  webhookEventTypes: route({
    method: 'get',
    path: `${base}-event-types`,
    summary: 'The event types an endpoint may subscribe to (the published catalogue)',
    auth: true,
    response: WebhookEventTypeList,
    rpc: WebhooksRpc.eventTypes,
    toRpc: ({ actor }) => ({ actor, body: {} }),
  }),
  listWebhooks: route({
    method: 'get',
    path: base,
    summary: 'Webhook endpoints of a scope (where teamId / projectId; none: your own), without their secrets',
    auth: true,
    query: WebhookListQuery,
    response: WebhookEndpointList,
    rpc: WebhooksRpc.list,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  createWebhook: route({
    method: 'post',
    path: base,
    summary: 'Subscribe an https address to event types, personally or for a team (its owners); answers the signing secret',
    auth: true,
    status: 201,
    body: CreateWebhookBody,
    response: CreatedWebhookEndpoint,
    rpc: WebhooksRpc.create,
    toRpc: ({ actor, body }) => ({ actor, body }),
  }),
  webhookSecret: route({
    method: 'get',
    path: `${base}/{id}/secret`,
    summary: "The endpoint's signing secret (whsec_…), to whoever may manage it",
    auth: true,
    params: WebhookIdParams,
    response: WebhookSecret,
    rpc: WebhooksRpc.secret,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  webhookDeliveries: route({
    method: 'get',
    path: `${base}/{id}/delivery`,
    summary: 'The delivery log, newest first, each delivery with its attempts (kept 30 days)',
    auth: true,
    params: WebhookIdParams,
    query: WebhookDeliveryQuery,
    response: WebhookDeliveryList,
    rpc: WebhooksRpc.deliveries,
    toRpc: ({ actor, params, query }) => ({ actor, body: { id: params.id, skip: Number(query.skip ?? 0) } }),
  }),
  redeliverWebhook: route({
    method: 'post',
    path: `${base}/{id}/delivery/{deliveryId}/redeliver`,
    summary: 'Send a delivery again now (a new schedule of attempts)',
    auth: true,
    params: WebhookDeliveryParams,
    response: WebhookDelivery,
    rpc: WebhooksRpc.redeliver,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id, deliveryId: params.deliveryId } }),
  }),
  replayWebhook: route({
    method: 'post',
    path: `${base}/{id}/replay`,
    summary: 'Queue again every event the endpoint wants since a time (since) or after an event id (afterEventId)',
    auth: true,
    params: WebhookIdParams,
    body: ReplayWebhookBody,
    response: ReplayAnswer,
    rpc: WebhooksRpc.replay,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, from: body } }),
  }),
  getWebhook: route({
    method: 'get',
    path: `${base}/{id}`,
    summary: 'One webhook endpoint, without its secret',
    auth: true,
    params: WebhookIdParams,
    response: WebhookEndpoint,
    rpc: WebhooksRpc.get,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  updateWebhook: route({
    method: 'patch',
    path: `${base}/{id}`,
    summary: 'Change an endpoint (address, types, order) or enable / disable it',
    auth: true,
    params: WebhookIdParams,
    body: UpdateWebhookBody,
    response: WebhookEndpoint,
    rpc: WebhooksRpc.update,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  removeWebhook: route({
    method: 'delete',
    path: `${base}/{id}`,
    summary: 'Remove an endpoint: nothing more is sent to it, its log goes with it',
    auth: true,
    params: WebhookIdParams,
    response: WebhookEndpoint,
    rpc: WebhooksRpc.remove,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
} satisfies Record<string, HttpRoute>;
