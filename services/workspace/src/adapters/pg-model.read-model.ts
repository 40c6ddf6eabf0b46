import { Inject, Injectable } from '@nestjs/common';
import { ListModelsQuery, Model, ModelList, UserSummary } from '@kiln/contracts';
import { userDataShort } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely, sql } from 'kysely';
import { ModelRow, SCHEMA, WorkspaceDatabase } from '../database.types';

type UserRow = WorkspaceDatabase['user_view'];
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const SORT_COLUMN = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name' } as const;

function toUserSummary(row: UserRow | undefined): UserSummary | null {
  if (!row) return null;
  return { id: row.id, fullName: row.full_name, email: row.email, avatar: (row.avatar as UserSummary['avatar']) ?? null, dataShort: userDataShort(row.full_name, row.id) };
}

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
    return { data: rows.map((row) => this.toModel(row, actorId, users, populate)), total: Number(count.n) };
  }

  async get(actorId: string, id: string): Promise<Model | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('model_view').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!row || row.author_id !== actorId) return null;
    const populate = new Set(['author', 'contributor']);
    return this.toModel(row, actorId, await this.usersById([row], populate), populate);
  }

  private async usersById(rows: ModelRow[], populate: Set<string>): Promise<Map<string, UserRow>> {
    const ids = new Set<string>();
    for (const row of rows) {
      if (populate.has('author')) ids.add(row.author_id);
      if (populate.has('contributor') && row.contributor_id) ids.add(row.contributor_id);
    }
    if (ids.size === 0) return new Map();
    const users = await this.db.withSchema(SCHEMA).selectFrom('user_view').selectAll().where('id', 'in', [...ids]).execute();
    return new Map(users.map((u) => [u.id, u]));
  }

  private toModel(row: ModelRow, actorId: string, users: Map<string, UserRow>, populate: Set<string>): Model {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      authorId: row.author_id,
      ...(populate.has('author') ? { author: toUserSummary(users.get(row.author_id)) ?? undefined } : {}),
      contributorId: row.contributor_id,
      ...(populate.has('contributor') ? { contributor: row.contributor_id ? toUserSummary(users.get(row.contributor_id)) : null } : {}),
      teamId: row.team_id,
      projectId: row.project_id,
      productId: row.product_id,
      publishedAt: iso(row.published_at),
      updatedAt: iso(row.updated_at)!,
      createdAt: iso(row.created_at)!,
      userRole: row.author_id === actorId ? 'owner' : 'viewer',
      sharedWithEveryone: row.shared_with_everyone as Model['sharedWithEveryone'],
      hidden: row.hidden,
    };
  }
}
