import { History } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { SCHEMA } from '../../../../database.types';
import { RecordDeps } from '../../business-records.deps';
import { UNKNOWN_PERSON } from '../../ports/people.port';
import { AnyRecordType } from '../../record-type';

/**
 * A record's timeline, oldest first (from `business_record_history`): each fact's type, version, time,
 * who (with the full name the workspace knows now; "Unknown" for someone erased) and what changed.
 */
export async function recordHistory(deps: RecordDeps, type: AnyRecordType, actorId: string, id: string): Promise<History> {
  const row = await deps.db.withSchema(SCHEMA).selectFrom(type.view).select(['owner_id', 'team_id', 'deleted_at']).where('id', '=', id).executeTakeFirst();
  if (!row || row.deleted_at) throw new DomainError('not-found', type.rules.notFound);
  await deps.access.assertCanRead(actorId, { ownerId: row.owner_id, teamId: row.team_id }, type.rules.notFound);
  const entries = await deps.db.withSchema(SCHEMA).selectFrom('business_record_history').selectAll().where('record_id', '=', id).orderBy('version').execute();
  const names = await deps.people.fullNames(actorId, entries.map((e) => e.by));
  return {
    data: entries.map((e) => ({
      type: e.type,
      version: e.version,
      at: new Date(e.at).toISOString(),
      by: { id: e.by, fullName: names.get(e.by) ?? UNKNOWN_PERSON },
      changes: e.changes as History['data'][number]['changes'],
    })),
  };
}
