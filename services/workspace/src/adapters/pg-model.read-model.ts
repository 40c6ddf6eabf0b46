import { Inject, Injectable } from '@nestjs/common';
import { ListModelsQuery, Model, ModelList } from '@kiln/contracts';
import { ModelState } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely, SelectQueryBuilder, sql } from 'kysely';
import { ModelRow, SCHEMA, WorkspaceDatabase } from '../database.types';
import { peopleOf, Populate, POPULATE_PEOPLE, rowToModel, stateToRow, UserRow } from './model-row.mapper';

/** The live rows of one author and scope, filtered: what a page and its count are taken from. */
type LiveRows = SelectQueryBuilder<WorkspaceDatabase, 'model_view', object>;

const SORT_COLUMN = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name' } as const;

/** Reads of the model read model (`model_view` joined with `user_view`). Queries never touch the write tables. */
@Injectable()
export class PgModelReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  /**
   * One page and the total (ADR 0014). The total of a scope comes from `model_counts`, kept by the
   * projection; a page is an index-only scan of the live rows in the asked order, from whichever end is
   * nearer (the last page of 100,000 costs what the first does), then joined to its rows and people.
   * Searches and project filters count their matches instead (trigram index for `contains`).
   */
  async list(actorId: string, query: ListModelsQuery): Promise<ModelList> {
    const where = query.where ?? {};
    // Personal scope unless a team is asked for (teams arrive in a later issue).
    let live = this.db.withSchema(SCHEMA).selectFrom('model_view').where('author_id', '=', actorId).where('scope', '=', where.teamId ?? '').where('deleted_at', 'is', null);
    if (where.projectId) live = live.where('project_id', '=', where.projectId);
    const contains = where.name?.contains.trim();
    if (contains) live = live.where('name', 'ilike', `%${contains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const nin = where.id?.nin ?? [];
    const matching = nin.length ? live.where('id', 'not in', nin) : live;

    const counted = !where.projectId && !contains;
    const totalQuery = counted ? this.countedTotal(actorId, where.teamId ?? '', nin, live) : matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    // With the total known first, a page past the middle is read backwards from the end. The first page
    // never is, so it and its total are read at the same time.
    const total = counted && query.skip > 0 ? Number((await totalQuery).n) : undefined;

    const sort = query.sort ?? { field: 'updatedAt', direction: 'desc' as const };
    const column = SORT_COLUMN[sort.field];
    const key = (table?: string) => (column === 'name' ? sql`lower(${sql.ref(table ? `${table}.name` : 'name')})` : sql.ref(table ? `${table}.${column}` : column));
    const backwards = total !== undefined && query.skip > total / 2;
    const flip = (d: 'asc' | 'desc') => (backwards ? (d === 'asc' ? 'desc' : 'asc') : d);
    const offset = backwards ? Math.max(0, total! - query.skip - query.limit) : query.skip;
    const limit = backwards ? Math.max(0, Math.min(query.limit, total! - query.skip)) : query.limit;
    const ids = matching
      .select(column === 'name' ? ['id', 'name'] : ['id', column])
      .orderBy(key(), flip(sort.direction))
      .orderBy('id', flip(sort.direction))
      .offset(offset)
      .limit(limit);

    const populate = new Set((query.populate ?? []).map((p) => p.split('.')[0]));
    const pageQuery = this.db
      .withSchema(SCHEMA)
      .selectFrom(ids.as('page'))
      .innerJoin('model_view as m', 'm.id', 'page.id')
      .leftJoin('user_view as a', (join) => (populate.has('author') ? join.onRef('a.id', '=', 'm.author_id') : join.on(sql.lit(false))))
      .leftJoin('user_view as c', (join) => (populate.has('contributor') ? join.onRef('c.id', '=', 'm.contributor_id') : join.on(sql.lit(false))))
      .selectAll('m')
      .select([sql<UserRow | null>`to_jsonb(a)`.as('author_row'), sql<UserRow | null>`to_jsonb(c)`.as('contributor_row')])
      .orderBy(key('m'), sort.direction)
      .orderBy('m.id', sort.direction)
      .execute();
    const [rows, count] = await Promise.all([pageQuery, totalQuery]);
    const users = new Map<string, UserRow>();
    for (const row of rows) for (const person of [row.author_row, row.contributor_row]) if (person) users.set(person.id, person);
    return { data: rows.map((row) => rowToModel(row, actorId, users, populate)), total: Number(count.n) };
  }

  /** The live models of a scope as the projection counted them, less those the caller leaves out. */
  private async countedTotal(actorId: string, scope: string, nin: readonly string[], live: LiveRows): Promise<{ n: number }> {
    const kept = this.db
      .withSchema(SCHEMA)
      .selectFrom('model_counts')
      .select('live')
      .where('author_id', '=', actorId)
      .where('scope', '=', scope);
    const left = nin.length ? live.where('id', 'in', nin).select((eb) => eb.fn.countAll<number>().as('n')) : null;
    const row = await this.db
      .selectNoFrom((eb) => [sql<number>`coalesce((${kept}), 0) - coalesce((${left ?? sql`SELECT 0`}), 0)`.as('n')])
      .executeTakeFirstOrThrow();
    return { n: Number(row.n) };
  }

  async get(actorId: string, id: string): Promise<Model | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('model_view').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!row || row.author_id !== actorId) return null;
    return rowToModel(row, actorId, await this.usersById([row], POPULATE_PEOPLE), POPULATE_PEOPLE);
  }

  /** The model as committed by a command, seen by `actorId`, with its people (answers of commands). */
  async present(actorId: string, state: ModelState): Promise<Model> {
    const row = stateToRow(state);
    return rowToModel(row, actorId, await this.usersById([row], POPULATE_PEOPLE), POPULATE_PEOPLE);
  }

  private async usersById(rows: ModelRow[], populate: Populate): Promise<Map<string, UserRow>> {
    const ids = peopleOf(rows, populate);
    if (ids.length === 0) return new Map();
    const users = await this.db.withSchema(SCHEMA).selectFrom('user_view').selectAll().where('id', 'in', ids).execute();
    return new Map(users.map((u) => [u.id, u]));
  }
}
