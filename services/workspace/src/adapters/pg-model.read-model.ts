import { Inject, Injectable } from '@nestjs/common';
import { ListModelsQuery, Model, ModelList } from '@kiln/contracts';
import { ModelState } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely, sql } from 'kysely';
import { ModelRow, SCHEMA, WorkspaceDatabase } from '../database.types';
import { peopleOf, Populate, POPULATE_PEOPLE, rowToModel, stateToRow, UserRow } from './model-row.mapper';

const SORT_COLUMN = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name' } as const;

/** Reads of the model read model (`model_view` joined with `user_view`). Queries never touch the write tables. */
@Injectable()
export class PgModelReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async list(actorId: string, query: ListModelsQuery): Promise<ModelList> {
    const where = query.where ?? {};
    let base = this.db.withSchema(SCHEMA).selectFrom('model_view').where('author_id', '=', actorId).where('deleted_at', 'is', null);
    // Personal scope unless a team or project is asked for (teams arrive in a later issue).
    base = where.teamId ? base.where('team_id', '=', where.teamId) : base.where('team_id', 'is', null);
    if (where.projectId) base = base.where('project_id', '=', where.projectId);
    const contains = where.name?.contains.trim();
    if (contains) base = base.where('name', 'ilike', `%${contains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (where.id?.nin.length) base = base.where('id', 'not in', where.id.nin);

    const sort = query.sort ?? { field: 'updatedAt', direction: 'desc' };
    const column = SORT_COLUMN[sort.field];
    const orderExpr = column === 'name' ? sql`lower(name)` : sql.ref(column);
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy(orderExpr, sort.direction)
        .orderBy('id', sort.direction)
        .offset(query.skip)
        .limit(query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const populate = new Set((query.populate ?? []).map((p) => p.split('.')[0]));
    const users = await this.usersById(rows, populate);
    return { data: rows.map((row) => rowToModel(row, actorId, users, populate)), total: Number(count.n) };
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
