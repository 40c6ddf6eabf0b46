import { BusinessRpc, CatalogItem } from '@kiln/contracts';
import { requestHash, RpcContext, rpcRoute, runIdempotent } from '@kiln/service-kit';
import { CatalogFields, DomainError } from '@kiln/domain';
import { SCHEMA } from '../../database.types';
import { RecordDeps } from '../records/business-records.deps';
import { getRecord } from '../records/queries/get-record/get-record';
import { listRecords } from '../records/queries/list-records/list-records';
import { recordHistory } from '../records/queries/record-history/record-history';
import { catalogRecordType, ProjectCatalogOnCatalogEvents } from './catalog.record-type';
import { addToCatalog } from './commands/add-to-catalog/add-to-catalog';
import { changeCatalogItem } from './commands/change-catalog-item/change-catalog-item';
import { removeCatalogItem } from './commands/remove-catalog-item/remove-catalog-item';
import { CATALOG_MODELS, CatalogModels } from './ports/catalog-models.port';
import { lookUpModel } from './queries/look-up-model/look-up-model';

/** A command answers once the catalog view shows its change (read-your-writes, bounded wait). */
async function answered<T>(context: RpcContext, change: { eventIds: string[] }, answer: T): Promise<T> {
  if (change.eventIds.length) await context.runtime.waitForProjection(ProjectCatalogOnCatalogEvents, change.eventIds);
  return answer;
}

const deps = (context: RpcContext) => context.get(RecordDeps);
const models = (context: RpcContext) => context.get<CatalogModels>(CATALOG_MODELS);

/** The item a repeated add (same Idempotency-Key) created, from its events. */
async function committed(context: RpcContext, id: string): Promise<CatalogItem> {
  const state = await deps(context).store.load<CatalogFields>(catalogRecordType, id);
  if (!state || state.deleted) throw new DomainError('not-found', catalogRecordType.rules.notFound);
  return catalogRecordType.present(state);
}

/** The commerce service's NATS face for the catalog (spec 002 §7; ADR 0027). */
export const catalogRoutes = [
  rpcRoute({
    rpc: BusinessRpc.lookupModel,
    kind: 'query',
    handle: ({ actor, body }, context) => lookUpModel(deps(context), models(context), actor.userId, body),
  }),
  rpcRoute({
    rpc: BusinessRpc.listCatalog,
    kind: 'query',
    handle: ({ actor, body }, context) => listRecords<CatalogItem>(deps(context), catalogRecordType, actor.userId, body),
  }),
  rpcRoute({
    rpc: BusinessRpc.getCatalogItem,
    kind: 'query',
    handle: ({ actor, body }, context) => getRecord(deps(context), catalogRecordType, actor.userId, body.id, body.version),
  }),
  rpcRoute({
    rpc: BusinessRpc.catalogHistory,
    kind: 'query',
    handle: ({ actor, body }, context) => recordHistory(deps(context), catalogRecordType, actor.userId, body.id),
  }),
  rpcRoute({
    rpc: BusinessRpc.addCatalogItem,
    kind: 'command',
    handle: ({ actor, body, idempotencyKey }, context) => {
      const claim = idempotencyKey ? { userId: actor.userId, key: idempotencyKey, operation: BusinessRpc.addCatalogItem.subject, requestHash: requestHash(body) } : null;
      return runIdempotent(
        context.runtime.db,
        SCHEMA,
        claim,
        async () => {
          const [added] = await addToCatalog(deps(context), models(context), actor.userId, [body], claim ?? undefined);
          return answered(context, added, added.record);
        },
        (id) => committed(context, id),
      );
    },
  }),
  rpcRoute({
    rpc: BusinessRpc.addCatalogItems,
    kind: 'command',
    handle: async ({ actor, body }, context) => {
      const added = await addToCatalog(deps(context), models(context), actor.userId, body.items);
      return answered(context, { eventIds: added.flatMap((a) => a.eventIds) }, { data: added.map((a) => a.record) });
    },
  }),
  rpcRoute({
    rpc: BusinessRpc.updateCatalogItem,
    kind: 'command',
    handle: async ({ actor, body }, context) => {
      const change = await changeCatalogItem(deps(context), actor.userId, body.id, body.changes, body.ifMatch);
      return answered(context, change, change.record);
    },
  }),
  rpcRoute({
    rpc: BusinessRpc.removeCatalogItem,
    kind: 'command',
    handle: async ({ actor, body }, context) => {
      const change = await removeCatalogItem(deps(context), actor.userId, body.id, body.ifMatch);
      return answered(context, change, change.record);
    },
  }),
];
