import { WebhooksRpc } from '@kiln/contracts';
import { AesSecretBox, AreaRoutes, rpcRoute, SECRET_BOX } from '@kiln/service-kit';
import { NatsWebhookPeople } from './adapters/nats-webhook-people';
import { UndiciWebhookTransport } from './adapters/undici-webhook-transport';
import { PgEventJournalReader } from './adapters/pg-event-journal-reader';
import { PgWebhookDeliveries } from './adapters/pg-webhook-deliveries';
import { PgWebhookEndpoints } from './adapters/pg-webhook-endpoints.repository';
import { PgWebhookWakeups } from './adapters/pg-webhook-wakeups';
import { CreateWebhookCommand } from './commands/create-webhook/create-webhook.command';
import { CreateWebhookHandler } from './commands/create-webhook/create-webhook.handler';
import { RedeliverWebhookCommand } from './commands/redeliver-webhook/redeliver-webhook.command';
import { RedeliverWebhookHandler } from './commands/redeliver-webhook/redeliver-webhook.handler';
import { RemoveWebhookCommand } from './commands/remove-webhook/remove-webhook.command';
import { RemoveWebhookHandler } from './commands/remove-webhook/remove-webhook.handler';
import { ReplayWebhookCommand } from './commands/replay-webhook/replay-webhook.command';
import { ReplayWebhookHandler } from './commands/replay-webhook/replay-webhook.handler';
import { UpdateWebhookCommand } from './commands/update-webhook/update-webhook.command';
import { UpdateWebhookHandler } from './commands/update-webhook/update-webhook.handler';
import { EVENT_JOURNAL_READER } from './ports/event-journal-reader.port';
import { WEBHOOK_DELIVERIES } from './ports/webhook-deliveries.port';
import { WEBHOOK_ENDPOINTS } from './ports/webhook-endpoints.port';
import { WEBHOOK_PEOPLE } from './ports/webhook-people.port';
import { WEBHOOK_TRANSPORT } from './ports/webhook-transport.port';
import { WEBHOOK_WAKEUPS } from './ports/webhook-wakeups.port';
import { GetWebhookHandler } from './queries/get-webhook/get-webhook.handler';
import { GetWebhookQuery } from './queries/get-webhook/get-webhook.query';
import { ListWebhookDeliveriesHandler } from './queries/list-webhook-deliveries/list-webhook-deliveries.handler';
import { ListWebhookDeliveriesQuery } from './queries/list-webhook-deliveries/list-webhook-deliveries.query';
import { ListWebhooksHandler } from './queries/list-webhooks/list-webhooks.handler';
import { ListWebhooksQuery } from './queries/list-webhooks/list-webhooks.query';
import { WebhookEventTypesHandler } from './queries/webhook-event-types/webhook-event-types.handler';
import { WebhookEventTypesQuery } from './queries/webhook-event-types/webhook-event-types.query';
import { WebhookSecretHandler } from './queries/webhook-secret/webhook-secret.handler';
import { WebhookSecretQuery } from './queries/webhook-secret/webhook-secret.query';
import { WebhookAccess } from './webhook-access';
import { WebhookAddressCheck } from './webhook-address-check';
import { readWebhookConfig, WEBHOOK_CONFIG } from './webhook-config';
import { WebhookDispatcher } from './webhook-dispatcher';

/**
 * Outgoing webhooks (issue 21; ADR 0067): endpoints subscribed to catalogue event types in a scope, the worker that
 * delivers the journal's events to them signed (Standard Webhooks), the delivery log, redelivery and replay.
 */
export const webhooksRoutes: AreaRoutes = {
  providers: [
    { provide: WEBHOOK_CONFIG, useFactory: () => readWebhookConfig() },
    { provide: WEBHOOK_ENDPOINTS, useClass: PgWebhookEndpoints },
    { provide: WEBHOOK_DELIVERIES, useClass: PgWebhookDeliveries },
    { provide: WEBHOOK_TRANSPORT, useClass: UndiciWebhookTransport },
    { provide: WEBHOOK_PEOPLE, useClass: NatsWebhookPeople },
    { provide: WEBHOOK_WAKEUPS, useClass: PgWebhookWakeups },
    { provide: EVENT_JOURNAL_READER, useClass: PgEventJournalReader },
    { provide: SECRET_BOX, useClass: AesSecretBox },
    WebhookAccess,
    WebhookAddressCheck,
    WebhookDispatcher,
    CreateWebhookHandler,
    UpdateWebhookHandler,
    RemoveWebhookHandler,
    RedeliverWebhookHandler,
    ReplayWebhookHandler,
    ListWebhooksHandler,
    GetWebhookHandler,
    WebhookSecretHandler,
    ListWebhookDeliveriesHandler,
    WebhookEventTypesHandler,
  ],
  projections: [],
  routes: [
    rpcRoute({ rpc: WebhooksRpc.eventTypes, kind: 'query', handle: (_request, context) => context.queries.execute(new WebhookEventTypesQuery()) }),
    rpcRoute({
      rpc: WebhooksRpc.list,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListWebhooksQuery(actor.userId, body.where ?? {})),
    }),
    rpcRoute({
      rpc: WebhooksRpc.get,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new GetWebhookQuery(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: WebhooksRpc.secret,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new WebhookSecretQuery(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: WebhooksRpc.create,
      kind: 'command',
      handle: ({ actor, body }, context) => context.commands.execute(new CreateWebhookCommand(actor.userId, body)),
    }),
    rpcRoute({
      rpc: WebhooksRpc.update,
      kind: 'command',
      handle: ({ actor, body }, context) => context.commands.execute(new UpdateWebhookCommand(actor.userId, body.id, body.changes)),
    }),
    rpcRoute({
      rpc: WebhooksRpc.remove,
      kind: 'command',
      handle: ({ actor, body }, context) => context.commands.execute(new RemoveWebhookCommand(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: WebhooksRpc.deliveries,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListWebhookDeliveriesQuery(actor.userId, body.id, body.skip ?? 0)),
    }),
    rpcRoute({
      rpc: WebhooksRpc.redeliver,
      kind: 'command',
      handle: ({ actor, body }, context) => context.commands.execute(new RedeliverWebhookCommand(actor.userId, body.id, body.deliveryId)),
    }),
    rpcRoute({
      rpc: WebhooksRpc.replay,
      kind: 'command',
      handle: ({ actor, body }, context) => context.commands.execute(new ReplayWebhookCommand(actor.userId, body.id, body.from)),
    }),
  ],
};
