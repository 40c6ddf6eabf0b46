import { DomainError } from '@kiln/domain';
import { answerAfterProjection, AreaRoutes, idempotencyClaim, Projection, RpcContext, RpcContract, RpcRoute, rpcRoute, runIdempotent } from '@kiln/service-kit';
import { SCHEMA } from '../database.types';
import { NatsPeople } from './adapters/nats-people';
import { PgRecordReadModel } from './adapters/pg-record-read-model';
import { PgRecordStore } from './adapters/pg-record-store';
import { ChangeRecordHandler } from './commands/change-record/change-record.handler';
import { CreateRecordHandler } from './commands/create-record/create-record.handler';
import { CreateRecordCommand } from './commands/create-record/create-record.command';
import { DeleteRecordCommand } from './commands/delete-record/delete-record.command';
import { DeleteRecordHandler } from './commands/delete-record/delete-record.handler';
import { RestoreRecordCommand } from './commands/restore-record/restore-record.command';
import { RestoreRecordHandler } from './commands/restore-record/restore-record.handler';
import { UpdateRecordCommand } from './commands/update-record/update-record.command';
import { UpdateRecordHandler } from './commands/update-record/update-record.handler';
import { PEOPLE } from './ports/people.port';
import { RECORD_READ_MODEL } from './ports/record-read-model.port';
import { RECORD_STORE, RecordStore } from './ports/record-store.port';
import { GetRecordHandler } from './queries/get-record/get-record.handler';
import { GetRecordQuery } from './queries/get-record/get-record.query';
import { ListRecordsHandler } from './queries/list-records/list-records.handler';
import { ListRecordsQuery } from './queries/list-records/list-records.query';
import { RecordHistoryHandler } from './queries/record-history/record-history.handler';
import { RecordHistoryQuery } from './queries/record-history/record-history.query';
import { RecordTagsHandler } from './queries/record-tags/record-tags.handler';
import { RecordTagsQuery } from './queries/record-tags/record-tags.query';
import { AnyRecordType, RecordChange } from './record-type';

/**
 * The generic use cases of business records (ADR 0029), with the record type as a parameter: no NATS
 * subject of their own, each record type's area answers its subjects with `recordRoutes` below.
 */
export const businessRecordsRoutes: AreaRoutes = {
  providers: [
    { provide: RECORD_STORE, useClass: PgRecordStore },
    { provide: RECORD_READ_MODEL, useClass: PgRecordReadModel },
    { provide: PEOPLE, useClass: NatsPeople },
    CreateRecordHandler,
    ChangeRecordHandler,
    UpdateRecordHandler,
    DeleteRecordHandler,
    RestoreRecordHandler,
    ListRecordsHandler,
    GetRecordHandler,
    RecordHistoryHandler,
    RecordTagsHandler,
  ],
  routes: [],
  projections: [],
};

/** The record a repeated create made (its first answer was not remembered): from its events. */
export async function committedRecord(context: RpcContext, type: AnyRecordType, id: string, options: { deletedIsGone?: boolean } = {}): Promise<unknown> {
  const state = await context.get<RecordStore>(RECORD_STORE).load(type, id);
  if (!state || (options.deletedIsGone && state.deleted)) throw new DomainError('not-found', type.rules.notFound);
  return type.present(state);
}

/**
 * The NATS routes of one record type from BusinessRpc (list, get, history, tags, create, update, delete, restore):
 * each dispatches the generic command or query with the type; leave one out to write your own (the
 * catalog's add). A command answers once the type's projection shows its change (read-your-writes).
 * Replies are checked against the contracts by the callers' parse, not here.
 */
export function recordRoutes(
  type: AnyRecordType,
  projection: Projection,
  rpcs: {
    list?: RpcContract;
    get?: RpcContract;
    history?: RpcContract;
    tags?: RpcContract;
    create?: RpcContract;
    update?: RpcContract;
    remove?: RpcContract;
    restore?: RpcContract;
  },
): RpcRoute[] {
  /** A command answers once the type's read model shows its change. */
  const answered = <R>(context: RpcContext, change: RecordChange<R>) => answerAfterProjection(context, [projection, change.eventIds], () => change.record);
  const routes: RpcRoute[] = [];
  const { list, get, history, tags, create, update, remove, restore } = rpcs;
  if (list)
    routes.push(
      rpcRoute({ rpc: list, kind: 'query', handle: ({ actor, body }, context) => context.queries.execute(new ListRecordsQuery(type, actor.userId, body)) }),
    );
  if (get)
    routes.push(
      rpcRoute({
        rpc: get,
        kind: 'query',
        handle: ({ actor, body }, context) => context.queries.execute(new GetRecordQuery(type, actor.userId, body.id, body.version)),
      }),
    );
  if (history)
    routes.push(
      rpcRoute({
        rpc: history,
        kind: 'query',
        handle: ({ actor, body }, context) => context.queries.execute(new RecordHistoryQuery(type, actor.userId, body.id)),
      }),
    );
  if (tags)
    routes.push(
      rpcRoute({
        rpc: tags,
        kind: 'query',
        handle: ({ actor, body }, context) => context.queries.execute(new RecordTagsQuery(type, actor.userId, body.where)),
      }),
    );
  if (create) {
    routes.push(
      rpcRoute({
        rpc: create,
        kind: 'command',
        handle: ({ actor, body, idempotencyKey }, context) => {
          const claim = idempotencyClaim(create, { actor, body, idempotencyKey });
          const command = new CreateRecordCommand(type, actor.userId, body, { idempotency: claim ?? undefined });
          return runIdempotent(
            context.runtime.db,
            SCHEMA,
            claim,
            async () => answered(context, await context.commands.execute(command)),
            (id) => committedRecord(context, type, id),
          );
        },
      }),
    );
  }
  if (update)
    routes.push(
      rpcRoute({
        rpc: update,
        kind: 'command',
        handle: async ({ actor, body }, context) =>
          answered(context, await context.commands.execute(new UpdateRecordCommand(type, actor.userId, body.id, body.changes, body.ifMatch))),
      }),
    );
  if (remove)
    routes.push(
      rpcRoute({
        rpc: remove,
        kind: 'command',
        handle: async ({ actor, body }, context) =>
          answered(context, await context.commands.execute(new DeleteRecordCommand(type, actor.userId, body.id, body.ifMatch))),
      }),
    );
  if (restore)
    routes.push(
      rpcRoute({
        rpc: restore,
        kind: 'command',
        handle: async ({ actor, body }, context) => answered(context, await context.commands.execute(new RestoreRecordCommand(type, actor.userId, body.id))),
      }),
    );
  return routes;
}
