import { STORE_HOOK_FORWARDED_HEADERS, StoreOrdersRpc } from '@kiln/contracts';
import { answerAfterProjection, AreaRoutes, rpcRoute } from '@kiln/service-kit';
import { ProjectOrdersOnOrderEvents } from '../orders/projections/project-orders-on-order-events';
import { AesSecretBox } from './adapters/aes-secret-box';
import { nodeStoreCrypto } from './adapters/node-store-crypto';
import { PgStoreConnections } from './adapters/pg-store-connections';
import { CreateOrderFromStoreCommand } from './commands/create-order-from-store/create-order-from-store.command';
import { CreateOrderFromStoreHandler } from './commands/create-order-from-store/create-order-from-store.handler';
import { CreateStoreConnectionCommand } from './commands/create-store-connection/create-store-connection.command';
import { CreateStoreConnectionHandler } from './commands/create-store-connection/create-store-connection.handler';
import { ReceiveStoreOrderCommand } from './commands/receive-store-order/receive-store-order.command';
import { ReceiveStoreOrderHandler } from './commands/receive-store-order/receive-store-order.handler';
import { RemoveStoreConnectionCommand } from './commands/remove-store-connection/remove-store-connection.command';
import { RemoveStoreConnectionHandler } from './commands/remove-store-connection/remove-store-connection.handler';
import { SetSkuMappingCommand } from './commands/set-sku-mapping/set-sku-mapping.command';
import { SetSkuMappingHandler } from './commands/set-sku-mapping/set-sku-mapping.handler';
import { SECRET_BOX } from './ports/secret-box.port';
import { STORE_CONNECTIONS } from './ports/store-connections.port';
import { STORE_CRYPTO } from './ports/store-crypto.port';
import { GetStoreConnectionHandler } from './queries/get-store-connection/get-store-connection.handler';
import { GetStoreConnectionQuery } from './queries/get-store-connection/get-store-connection.query';
import { ListNeedsMappingHandler } from './queries/list-needs-mapping/list-needs-mapping.handler';
import { ListNeedsMappingQuery } from './queries/list-needs-mapping/list-needs-mapping.query';
import { ListSkuMappingsHandler } from './queries/list-sku-mappings/list-sku-mappings.handler';
import { ListSkuMappingsQuery } from './queries/list-sku-mappings/list-sku-mappings.query';
import { ListStoreConnectionsHandler } from './queries/list-store-connections/list-store-connections.handler';
import { ListStoreConnectionsQuery } from './queries/list-store-connections/list-store-connections.query';

/** Only the platforms' own headers reach the use case (lower case), whatever else the request carried. */
const platformHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => STORE_HOOK_FORWARDED_HEADERS.includes(name.toLowerCase()))
      .map(([n, v]) => [n.toLowerCase(), v]),
  );

/**
 * Orders from outside stores (spec 002 §1, §3; ADR 0060): store connections with their sealed secrets and SKU
 * mappings, the webhook each platform posts its orders to, and the lines kept until their SKU is mapped.
 */
export const storeOrdersRoutes: AreaRoutes = {
  providers: [
    { provide: STORE_CONNECTIONS, useClass: PgStoreConnections },
    { provide: SECRET_BOX, useClass: AesSecretBox },
    { provide: STORE_CRYPTO, useValue: nodeStoreCrypto },
    CreateStoreConnectionHandler,
    RemoveStoreConnectionHandler,
    SetSkuMappingHandler,
    ReceiveStoreOrderHandler,
    CreateOrderFromStoreHandler,
    ListStoreConnectionsHandler,
    GetStoreConnectionHandler,
    ListSkuMappingsHandler,
    ListNeedsMappingHandler,
  ],
  projections: [],
  routes: [
    rpcRoute({
      rpc: StoreOrdersRpc.listStoreConnections,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListStoreConnectionsQuery(actor.userId, body.where)),
    }),
    rpcRoute({
      rpc: StoreOrdersRpc.getStoreConnection,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new GetStoreConnectionQuery(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: StoreOrdersRpc.createStoreConnection,
      kind: 'command',
      handle: ({ actor, body }, context) => context.commands.execute(new CreateStoreConnectionCommand(actor.userId, body)),
    }),
    rpcRoute({
      rpc: StoreOrdersRpc.removeStoreConnection,
      kind: 'command',
      handle: ({ actor, body }, context) => context.commands.execute(new RemoveStoreConnectionCommand(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: StoreOrdersRpc.listSkuMappings,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListSkuMappingsQuery(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: StoreOrdersRpc.setSkuMapping,
      kind: 'command',
      handle: ({ actor, body }, context) => context.commands.execute(new SetSkuMappingCommand(actor.userId, body.id, body.mapping)),
    }),
    rpcRoute({
      rpc: StoreOrdersRpc.listNeedsMapping,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListNeedsMappingQuery(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: StoreOrdersRpc.orderStoreEntry,
      kind: 'command',
      handle: async ({ actor, body }, context) => {
        const change = await context.commands.execute(new CreateOrderFromStoreCommand(actor.userId, body.id, body.entryId));
        return answerAfterProjection(context, [ProjectOrdersOnOrderEvents, change.eventIds], () => change.record);
      },
    }),
    rpcRoute({
      rpc: StoreOrdersRpc.receiveStoreHook,
      // A command: counted per connection against the command limit (the BFF names the caller `store-hook:<id>`).
      kind: 'command',
      handle: ({ body }, context) =>
        context.commands.execute(
          new ReceiveStoreOrderCommand(body.connectionId, platformHeaders(body.headers), new Uint8Array(Buffer.from(body.bodyBase64, 'base64'))),
        ),
    }),
  ],
};
