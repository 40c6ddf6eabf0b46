import { BusinessRpc, CatalogItem } from '@kiln/contracts';
import { answerAfterProjection, rpcRoute, runIdempotent } from '@kiln/service-kit';
import { committedRecord, idempotencyClaim, recordRoutes } from '../business-records/business-records.routes';
import { DeleteRecordCommand } from '../business-records/commands/delete-record/delete-record.command';
import { SCHEMA } from '../database.types';
import { catalogRecordType } from './catalog.record-type';
import { AddToCatalogCommand } from './commands/add-to-catalog/add-to-catalog.command';
import { ChangeCatalogItemCommand } from './commands/change-catalog-item/change-catalog-item.command';
import { ProjectCatalogOnCatalogEvents } from './projections/project-catalog-on-catalog-events';
import { LookUpModelQuery } from './queries/look-up-model/look-up-model.query';

const projection = ProjectCatalogOnCatalogEvents;

/** The commerce service's NATS face for the catalog (spec 002 §7; ADR 0027). */
export const catalogRoutes = [
  ...recordRoutes(catalogRecordType, projection, { list: BusinessRpc.listCatalog, get: BusinessRpc.getCatalogItem, history: BusinessRpc.catalogHistory }),
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
          return answerAfterProjection(context, [projection, added.eventIds], () => added.record);
        },
        // The item a repeated add (same Idempotency-Key) created, from its events.
        async (id) => (await committedRecord(context, catalogRecordType, id, { deletedIsGone: true })) as CatalogItem,
      );
    },
  }),
  rpcRoute({
    rpc: BusinessRpc.addCatalogItems,
    kind: 'command',
    handle: async ({ actor, body }, context) => {
      const added = await context.commands.execute(new AddToCatalogCommand(actor.userId, body.items));
      return answerAfterProjection(context, [projection, added.flatMap((a) => a.eventIds)], () => ({ data: added.map((a) => a.record) }));
    },
  }),
  rpcRoute({
    rpc: BusinessRpc.updateCatalogItem,
    kind: 'command',
    handle: async ({ actor, body }, context) => {
      const change = await context.commands.execute(new ChangeCatalogItemCommand(actor.userId, body.id, body.changes, body.ifMatch));
      return answerAfterProjection(context, [projection, change.eventIds], () => change.record);
    },
  }),
  rpcRoute({
    rpc: BusinessRpc.removeCatalogItem,
    kind: 'command',
    // The item leaves the catalog (its timeline stays); the model may be added again.
    handle: async ({ actor, body }, context) => {
      const change = await context.commands.execute(new DeleteRecordCommand(catalogRecordType, actor.userId, body.id, body.ifMatch));
      return answerAfterProjection(context, [projection, change.eventIds], () => change.record);
    },
  }),
];
