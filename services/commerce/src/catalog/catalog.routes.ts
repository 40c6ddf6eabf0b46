import { BusinessRpc, CatalogItem } from '@kiln/contracts';
import { answerAfterProjection, AreaRoutes, idempotencyClaim, rpcRoute, runIdempotent } from '@kiln/service-kit';
import { committedRecord, recordRoutes } from '../business-records/business-records.routes';
import { SCHEMA } from '../database.types';
import { NatsCatalogModels } from './adapters/nats-catalog-models';
import { PgCatalogItems } from './adapters/pg-catalog-items';
import { catalogItemType } from './catalog-item-type';
import { AddToCatalogCommand } from './commands/add-to-catalog/add-to-catalog.command';
import { AddToCatalogHandler } from './commands/add-to-catalog/add-to-catalog.handler';
import { ChangeCatalogItemCommand } from './commands/change-catalog-item/change-catalog-item.command';
import { ChangeCatalogItemHandler } from './commands/change-catalog-item/change-catalog-item.handler';
import { RestoreCatalogItemCommand } from './commands/restore-catalog-item/restore-catalog-item.command';
import { RestoreCatalogItemHandler } from './commands/restore-catalog-item/restore-catalog-item.handler';
import { CATALOG_ITEMS } from './ports/catalog-items.port';
import { CATALOG_MODELS } from './ports/catalog-models.port';
import { ProjectCatalogOnCatalogEvents } from './projections/project-catalog-on-catalog-events';
import { LookUpModelHandler } from './queries/look-up-model/look-up-model.handler';
import { LookUpModelQuery } from './queries/look-up-model/look-up-model.query';
import { FollowModelsOnModelEvents } from './reactions/follow-models-on-model-events';

/**
 * The catalog (spec 002 §2–§5, §7; ADR 0027): catalog items as business records, the add-by-model-ID
 * lookup, and the reaction keeping items' model copies fresh from the workspace's model events.
 */
export const catalogRoutes: AreaRoutes = {
  providers: [
    { provide: CATALOG_MODELS, useClass: NatsCatalogModels },
    { provide: CATALOG_ITEMS, useClass: PgCatalogItems },
    AddToCatalogHandler,
    ChangeCatalogItemHandler,
    LookUpModelHandler,
    RestoreCatalogItemHandler,
  ],
  projections: [ProjectCatalogOnCatalogEvents, FollowModelsOnModelEvents],
  routes: [
    ...recordRoutes(catalogItemType, ProjectCatalogOnCatalogEvents, {
      list: BusinessRpc.listCatalog,
      get: BusinessRpc.getCatalogItem,
      history: BusinessRpc.catalogHistory,
      // The item leaves the catalog (its timeline stays); the model may be added again.
      remove: BusinessRpc.removeCatalogItem,
    }),
    rpcRoute({
      rpc: BusinessRpc.restoreCatalogItem,
      kind: 'command',
      handle: async ({ actor, body }, context) => {
        const change = await context.commands.execute(new RestoreCatalogItemCommand(actor.userId, body.id));
        return answerAfterProjection(context, [ProjectCatalogOnCatalogEvents, change.eventIds], () => change.record);
      },
    }),
    rpcRoute({
      rpc: BusinessRpc.lookupModel,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new LookUpModelQuery(actor.userId, body)),
    }),
    rpcRoute({
      rpc: BusinessRpc.addCatalogItem,
      kind: 'command',
      handle: (request, context) => {
        const claim = idempotencyClaim(BusinessRpc.addCatalogItem, request);
        return runIdempotent(
          context.runtime.db,
          SCHEMA,
          claim,
          async () => {
            const [added] = await context.commands.execute(new AddToCatalogCommand(request.actor.userId, [request.body], claim ?? undefined));
            return answerAfterProjection(context, [ProjectCatalogOnCatalogEvents, added.eventIds], () => added.record);
          },
          // The item a repeated add (same Idempotency-Key) created, from its events.
          async (id) => (await committedRecord(context, catalogItemType, id, { deletedIsGone: true })) as CatalogItem,
        );
      },
    }),
    rpcRoute({
      rpc: BusinessRpc.addCatalogItems,
      kind: 'command',
      handle: async ({ actor, body }, context) => {
        const added = await context.commands.execute(new AddToCatalogCommand(actor.userId, body.items));
        return answerAfterProjection(context, [ProjectCatalogOnCatalogEvents, added.flatMap((a) => a.eventIds)], () => ({ data: added.map((a) => a.record) }));
      },
    }),
    rpcRoute({
      rpc: BusinessRpc.updateCatalogItem,
      kind: 'command',
      handle: async ({ actor, body }, context) => {
        const change = await context.commands.execute(new ChangeCatalogItemCommand(actor.userId, body.id, body.changes, body.ifMatch));
        return answerAfterProjection(context, [ProjectCatalogOnCatalogEvents, change.eventIds], () => change.record);
      },
    }),
  ],
};
