import { DistinctTags } from '@kiln/contracts';
import { sql } from 'kysely';
import { RecordDeps } from '../../business-records.deps';
import { AnyRecordType } from '../../record-type';
import { scopedRows } from '../list-records/list-records';

/** The tags used in one scope (suggestions while typing), distinct, alphabetical. */
export async function recordTags(deps: RecordDeps, type: AnyRecordType, actorId: string, where?: { teamId?: string | null; projectId?: string | null }): Promise<DistinctTags> {
  const scope = await deps.access.scopeForList(actorId, where);
  const rows = await scopedRows(deps.db, type, scope)
    .select(sql<string>`unnest(tags)`.as('tag'))
    .distinct()
    .orderBy('tag')
    .limit(1000)
    .execute();
  return { data: rows.map((r) => r.tag) };
}
