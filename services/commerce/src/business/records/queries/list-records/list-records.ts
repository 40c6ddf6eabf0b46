import { BUSINESS_PAGE_SIZE, BusinessListQuery } from '@kiln/contracts';
import { Kysely, sql } from 'kysely';
import { SCHEMA } from '../../../../database.types';
import { ListScope } from '../../../team-access/ports/business-access.port';
import { RecordDeps } from '../../business-records.deps';
import { AnyRecordType, RecordJson } from '../../record-type';

const SORT_COLUMNS = { name: 'name', updatedAt: 'updated_at', createdAt: 'created_at', price: 'price_cents' } as const;

/** The live rows of one scope of a record type's read model (what list, tags and trees read). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function scopedRows(db: Kysely<any>, type: AnyRecordType, scope: ListScope) {
  let query = db.withSchema(SCHEMA).selectFrom(type.view).where('deleted_at', 'is', null);
  if (scope.kind === 'personal') return query.where('team_id', 'is', null).where('owner_id', '=', scope.ownerId);
  query = query.where('team_id', '=', scope.teamId);
  if (scope.projectId === null) return query.where('project_id', 'is', null);
  if (scope.projectId !== undefined) return query.where('project_id', '=', scope.projectId);
  return query;
}

/** The key a scope's total is kept under in `business_record_counts` (migration 0005). */
export function scopeKey(scope: ListScope): string {
  if (scope.kind === 'personal') return `o:${scope.ownerId}`;
  if (scope.projectId === undefined) return `t:${scope.teamId}`;
  return `t:${scope.teamId}:p:${scope.projectId ?? ''}`;
}

/** `%`, `_` and `\` typed by a person match themselves. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of one scope's records (spec 002 §7): my personal ones, or a team's (a project's) when I am in it
 * (404 otherwise); `where.name.contains` matches any part of the name, any case; one sort field (newest
 * change first by default), ties by id; 20 a page; `total` counts the whole scope.
 */
export async function listRecords<R extends RecordJson>(deps: RecordDeps, type: AnyRecordType, actorId: string, query: Partial<BusinessListQuery>): Promise<{ data: R[]; total: number }> {
  const scope = await deps.access.scopeForList(actorId, query.where);
  let base = scopedRows(deps.db, type, scope);
  const contains = query.where?.name?.contains?.trim();
  if (contains) base = base.where('name', 'ilike', likeContains(contains));
  const [field, direction] = (Object.entries(query.sort ?? {})[0] ?? ['updatedAt', -1]) as [keyof typeof SORT_COLUMNS, 1 | -1];
  const order = direction === 1 ? 'asc' : 'desc';
  const column = SORT_COLUMNS[field] ?? 'updated_at';
  const [rows, count] = await Promise.all([
    base
      .select('record')
      .orderBy(column === 'name' ? sql`lower(name)` : sql.ref(column), (ob) => (order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('id', order)
      .offset(query.skip ?? 0)
      .limit(query.limit ?? BUSINESS_PAGE_SIZE)
      .execute(),
    // A search counts its matches; the whole scope's total is kept by the view's triggers (no count(*)).
    contains
      ? base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
      : deps.db
          .withSchema(SCHEMA)
          .selectFrom('business_record_counts')
          .select('live as total')
          .where('view', '=', type.view)
          .where('scope', '=', scopeKey(scope))
          .executeTakeFirst()
          .then((row) => row ?? { total: 0 }),
  ]);
  return { data: rows.map((r) => r.record as R), total: Number(count.total) };
}
