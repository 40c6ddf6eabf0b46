/**
 * Plain values of outgoing webhooks (issue 21; ADR 0067), without zod, so the web app, the domain and the
 * service read them from `@kiln/contracts/constants`.
 */

/** How many endpoints one scope (a person's own, a team's, a project's) may have. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** The longest endpoint address accepted. */
export const WEBHOOK_URL_MAX = 2048;
/** The longest description of an endpoint. */
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** How many bytes of an endpoint's answer the delivery log keeps per attempt. */
export const WEBHOOK_RESPONSE_KEEP_BYTES = 1024;
/** How long the delivery log keeps an attempt (days); the prune job removes older ones. */
export const WEBHOOK_LOG_DAYS = 30;
/** Deliveries listed per page in the log. */
export const WEBHOOK_DELIVERY_PAGE_SIZE = 20;
/** The most events one replay queues (a larger gap is replayed in several steps, from the last one queued). */
export const WEBHOOK_REPLAY_MAX = 10_000;
/** Endpoint secrets start with this (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Which events an endpoint receives: the owner's own (personal), a team's, or one project's of a team. */
export const WEBHOOK_SCOPE_KINDS = ['personal', 'team', 'project'] as const;
export type WebhookScopeKind = (typeof WEBHOOK_SCOPE_KINDS)[number];

/** A delivery's state: waiting for its (next) attempt, delivered (2xx), or dropped after the last attempt. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The sentences of webhook endpoints (the one home: the service answers them, the web app shows them). */
export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter the endpoint as an https:// address.',
  urlCredentials: 'The endpoint address cannot carry a user name or password.',
  urlForbidden: 'This address is in a private or reserved network: webhooks are sent only to public addresses.',
  urlUnresolved: 'The host name of this address could not be resolved.',
  eventTypesRequired: 'Choose at least one event type.',
  eventTypeUnknown: 'This event type is not in the catalogue.',
  notFound: 'This webhook endpoint does not exist.',
  deliveryNotFound: 'This delivery does not exist.',
  teamOwnerOnly: 'Only an owner of the team can manage its webhooks.',
  tooMany: `A scope can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
  replayFromRequired: 'Give a time or an event id to replay from.',
  replayEventUnknown: 'This event id is not in the journal.',
  disabledByOwner: 'Disabled by its owner.',
  disabledAfterRetries: 'Disabled after every retry failed. Re-enable it once the endpoint answers again.',
  projectNotInTeam: 'This project is not in the team.',
} as const;
