import { Inject, Injectable } from '@nestjs/common';
import { BUSINESS_PAGE_SIZE, BusinessListQuery } from '@kiln/contracts';
import { DB } from '@kiln/service-kit';
import { Kysely, sql } from 'kysely';
import { CommerceDatabase, SCHEMA } from '../../database.types';
import { ListScope } from '../../team-access/ports/business-access.port';
import { HistoryRow, RecordReadModel, RecordRow } from '../ports/record-read-model.port';
import { AnyRecordType } from '../record-type';

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

/** The scope's live rows, narrowed to a name search when there is one. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function matchingRows(db: Kysely<any>, type: AnyRecordType, scope: ListScope, query: Partial<BusinessListQuery>) {
  const contains = query.where?.name?.contains?.trim();
  const rows = scopedRows(db, type, scope);
  return { base: contains ? rows.where('name', 'ilike', likeContains(contains)) : rows, contains };
}

/** One page of those rows in the asked order (newest change first by default), ties by id. */
export function pageOf(base: ReturnType<typeof scopedRows>, query: Partial<BusinessListQuery>) {
  const [field, direction] = (Object.entries(query.sort ?? {})[0] ?? ['updatedAt', -1]) as [keyof typeof SORT_COLUMNS, 1 | -1];
  const order = direction === 1 ? 'asc' : 'desc';
  const column = SORT_COLUMNS[field] ?? 'updated_at';
  return (
    base
      .select('record')
      // NULLS LAST only where there can be nulls (price): on a NOT NULL column it would not match the
      // index order, and the first page would sort every row of the scope (the inventory's 9 ms).
      .orderBy(column === 'name' ? sql`lower(name)` : sql.ref(column), (ob) => {
        const ordered = order === 'asc' ? ob.asc() : ob.desc();
        return column === 'price_cents' ? ordered.nullsLast() : ordered;
      })
      .orderBy('id', order)
      .offset(query.skip ?? 0)
      .limit(query.limit ?? BUSINESS_PAGE_SIZE)
  );
}

/** The record queries' reads of the records' read models and timelines. */
@Injectable()
export class PgRecordReadModel implements RecordReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<CommerceDatabase>) {}

  async find(type: AnyRecordType, id: string): Promise<RecordRow | null> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom(type.view)
      .select(['record', 'owner_id', 'team_id', 'deleted_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { record: row.record, ownerId: row.owner_id, teamId: row.team_id, deleted: row.deleted_at !== null } : null;
  }

  /**
   * Spec 002 §7: `where.name.contains` matches any part of the name, any case; one sort field (newest change
   * first by default), ties by id; 20 a page; `total` counts the whole scope (or the search's matches).
   */
  async page(type: AnyRecordType, scope: ListScope, query: Partial<BusinessListQuery>): Promise<{ data: unknown[]; total: number }> {
    const { base, contains } = matchingRows(this.db, type, scope, query);
    const [rows, count] = await Promise.all([
      pageOf(base, query).execute(),
      // A search counts its matches; the whole scope's total is kept by the view's triggers (no count(*)).
      contains
        ? base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
        : this.db
            .withSchema(SCHEMA)
            .selectFrom('business_record_counts')
            .select('live as total')
            .where('view', '=', type.view)
            .where('scope', '=', scopeKey(scope))
            .executeTakeFirst()
            .then((row) => row ?? { total: 0 }),
    ]);
    return { data: rows.map((r) => r.record), total: Number(count.total) };
  }

  history(recordId: string): Promise<HistoryRow[]> {
    return this.db.withSchema(SCHEMA).selectFrom('business_record_history').selectAll().where('record_id', '=', recordId).orderBy('version').execute();
  }

  async tags(type: AnyRecordType, scope: ListScope): Promise<string[]> {
    const rows = await scopedRows(this.db, type, scope)
      .select(sql<string>`unnest(tags)`.as('tag'))
      .distinct()
      .orderBy('tag')
      .limit(1000)
      .execute();
    return rows.map((r) => r.tag);
  }
}
