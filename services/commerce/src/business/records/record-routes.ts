import { DomainError } from '@kiln/domain';
import { Projection, requestHash, RpcContext, RpcRoute, rpcRoute, runIdempotent } from '@kiln/service-kit';
import { z } from 'zod';
import { SCHEMA } from '../../database.types';
import { RecordDeps } from './business-records.deps';
import { createRecord, RecordChange } from './commands/create-record/create-record';
import { deleteRecord, updateRecord } from './commands/change-record/change-record';
import { getRecord } from './queries/get-record/get-record';
import { listRecords } from './queries/list-records/list-records';
import { recordHistory } from './queries/record-history/record-history';
import { recordTags } from './queries/record-tags/record-tags';
import { AnyRecordType } from './record-type';

type Rpc = { subject: string; request: z.ZodTypeAny; reply: z.ZodTypeAny };

/** A command answers once its events are in the read model (read-your-writes, bounded wait). */
export async function answerAfterProjection<R>(context: RpcContext, projection: Projection, change: RecordChange<R>): Promise<R> {
  await context.runtime.waitForProjection(projection, change.eventIds);
  return change.record;
}

/** The record a repeated create made (its first answer was not remembered): from its events. */
export async function committedRecord(deps: RecordDeps, type: AnyRecordType, id: string): Promise<unknown> {
  const state = await deps.store.load(type, id);
  if (!state) throw new DomainError('not-found', type.rules.notFound);
  return type.present(state);
}

/**
 * The NATS routes of one record type from BusinessRpc (list, get, history, create, update, delete, and
 * tags when given): each route is the generic use case; leave one out to write your own (the catalog's
 * add). Replies are checked against the contracts by the callers' parse, not here.
 */
export function recordRoutes(
  type: AnyRecordType,
  projection: Projection,
  rpcs: { list?: Rpc; get?: Rpc; history?: Rpc; tags?: Rpc; create?: Rpc; update?: Rpc; remove?: Rpc },
): RpcRoute[] {
  const deps = (context: RpcContext) => context.get(RecordDeps);
  const routes: RpcRoute[] = [];
  const { list, get, history, tags, create, update, remove } = rpcs;
  if (list) routes.push(rpcRoute({ rpc: list, kind: 'query', handle: ({ actor, body }, context) => listRecords(deps(context), type, actor.userId, body) }));
  if (get) routes.push(rpcRoute({ rpc: get, kind: 'query', handle: ({ actor, body }, context) => getRecord(deps(context), type, actor.userId, body.id, body.version) }));
  if (history) routes.push(rpcRoute({ rpc: history, kind: 'query', handle: ({ actor, body }, context) => recordHistory(deps(context), type, actor.userId, body.id) }));
  if (tags) routes.push(rpcRoute({ rpc: tags, kind: 'query', handle: ({ actor, body }, context) => recordTags(deps(context), type, actor.userId, body.where) }));
  if (create) {
    routes.push(
      rpcRoute({
        rpc: create,
        kind: 'command',
        handle: ({ actor, body, idempotencyKey }, context) => {
          const claim = idempotencyKey ? { userId: actor.userId, key: idempotencyKey, operation: create.subject, requestHash: requestHash(body) } : null;
          return runIdempotent(
            context.runtime.db,
            SCHEMA,
            claim,
            async () => answerAfterProjection(context, projection, await createRecord(deps(context), type, actor.userId, body, { idempotency: claim ?? undefined })),
            (id) => committedRecord(deps(context), type, id),
          );
        },
      }),
    );
  }
  if (update) routes.push(rpcRoute({ rpc: update, kind: 'command', handle: async ({ actor, body }, context) => answerAfterProjection(context, projection, await updateRecord(deps(context), type, actor.userId, body.id, body.changes, body.ifMatch)) }));
  if (remove) routes.push(rpcRoute({ rpc: remove, kind: 'command', handle: async ({ actor, body }, context) => answerAfterProjection(context, projection, await deleteRecord(deps(context), type, actor.userId, body.id, body.ifMatch)) }));
  return routes;
}
