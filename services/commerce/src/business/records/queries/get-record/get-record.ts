import { DomainError, RECORD_MESSAGES } from '@kiln/domain';
import { SCHEMA } from '../../../../database.types';
import { fold } from '../../adapters/pg-record-store';
import { RecordDeps } from '../../business-records.deps';
import { BusinessRecordType, RecordJson } from '../../record-type';

/**
 * One record from its read model, when the caller may read it (404 otherwise, deleted too). `?version=N`
 * is the fold of its first N facts, read from the event store (a past version is not kept in a read model).
 */
export async function getRecord<F extends object, R extends RecordJson>(deps: RecordDeps, type: BusinessRecordType<F, unknown, unknown, R>, actorId: string, id: string, version?: number): Promise<R> {
  const row = await deps.db.withSchema(SCHEMA).selectFrom(type.view).select(['record', 'owner_id', 'team_id', 'deleted_at']).where('id', '=', id).executeTakeFirst();
  if (!row || row.deleted_at) throw new DomainError('not-found', type.rules.notFound);
  await deps.access.assertCanRead(actorId, { ownerId: row.owner_id, teamId: row.team_id }, type.rules.notFound);
  if (version === undefined) return row.record as unknown as R;
  const stream = await deps.store.stream(type, id);
  const state = stream && version <= stream.facts.length ? fold<F>(stream, version) : null;
  if (!state || state.deleted) throw new DomainError('not-found', RECORD_MESSAGES.noSuchVersion);
  return type.present(state);
}
