import { Inject, Injectable } from '@nestjs/common';
import { ListModelsQuery, Model, ModelList } from '@kiln/contracts';
import { DomainError, ModelAccessVia, modelAccessFor, ModelRole, ModelState, ShareRole, TEAM_MESSAGES, TeamRole } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { ExpressionBuilder, Kysely, SelectQueryBuilder, sql } from 'kysely';
import { ModelRow, SCHEMA, WorkspaceDatabase } from '../database.types';
import { peopleOf, Populate, POPULATE_PEOPLE, rowToModel, rowToState, stateToRow, UserRow } from './model-row.mapper';

/** What a caller holds on one model, as the read models know it. */
export interface ModelAccessView {
  role: ModelRole;
  via: ModelAccessVia;
  favorite: boolean;
}

/** A model row with the caller's grants on it, selected beside it (see `grantColumns`). */
type Granted = ModelRow & { team_role: string | null; share_role: string | null; favorite: boolean };

/** The caller's role on a row, from the policy table; null when they have none. */
export function accessOfRow(actorId: string, row: Granted): ModelAccessView | null {
  const access = modelAccessFor({
    isAuthor: row.author_id === actorId,
    teamRole: row.team_id ? (row.team_role as TeamRole | null) : null,
    shareRole: row.share_role as ShareRole | null,
    everyone: row.shared_with_everyone as ModelState['sharedWithEveryone'],
  });
  return access ? { ...access, favorite: row.favorite } : null;
}

/**
 * The caller's team role, share role and star on the model aliased `m`, as correlated look-ups by index
 * (a page has at most 100 rows). Read models only: `team_member_view`, `model_share_view`, `favorite_view`.
 */
export function grantColumns(actorId: string) {
  return (eb: ExpressionBuilder<any, any>) => [
    eb
      .selectFrom('team_member_view as tm')
      .innerJoin('team_view as tv', 'tv.id', 'tm.team_id')
      .select('tm.role')
      .whereRef('tm.team_id', '=', 'm.team_id')
      .where('tm.user_id', '=', actorId)
      .where('tm.status', '=', 'active')
      .where('tm.deleted_at', 'is', null)
      .where('tv.deleted_at', 'is', null)
      .limit(1)
      .as('team_role'),
    eb
      .selectFrom('model_share_view as sv')
      .select('sv.role')
      .whereRef('sv.model_id', '=', 'm.id')
      .where('sv.user_id', '=', actorId)
      .where('sv.deleted_at', 'is', null)
      .limit(1)
      .as('share_role'),
    eb
      .exists(eb.selectFrom('favorite_view as fv').select(sql.lit(1).as('one')).whereRef('fv.model_id', '=', 'm.id').where('fv.user_id', '=', actorId).where('fv.deleted_at', 'is', null))
      .as('favorite'),
  ];
}

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
    // A project's models are its team's: the team comes from the project when only the project is asked for.
    const teamId = where.teamId ?? (where.projectId ? await this.teamOfProject(where.projectId) : null);
    if (where.projectId && !teamId) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    // Personal scope: the caller's own models. Team scope: every live model of the team, whoever wrote
    // it, for any active member of the team (index model_view_team_live_by_*).
    if (teamId && !(await this.teamRoleOf(teamId, actorId))) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    let live = teamId
      ? this.db.withSchema(SCHEMA).selectFrom('model_view').where('team_id', '=', teamId).where('deleted_at', 'is', null)
      : this.db.withSchema(SCHEMA).selectFrom('model_view').where('author_id', '=', actorId).where('scope', '=', '').where('deleted_at', 'is', null);
    if (where.projectId) live = live.where('project_id', '=', where.projectId);
    const contains = where.name?.contains.trim();
    if (contains) live = live.where('name', 'ilike', `%${contains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const nin = where.id?.nin ?? [];
    const matching = nin.length ? live.where('id', 'not in', nin) : live;

    const counted = !teamId && !contains;
    const totalQuery = counted ? this.countedTotal(actorId, '', nin, live) : matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
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
      .select(grantColumns(actorId))
      .orderBy(key('m'), sort.direction)
      .orderBy('m.id', sort.direction)
      .execute();
    const [rows, count] = await Promise.all([pageQuery, totalQuery]);
    const users = new Map<string, UserRow>();
    for (const row of rows) for (const person of [row.author_row, row.contributor_row]) if (person) users.set(person.id, person);
    const data = rows.map((row) => {
      const granted = row as unknown as Granted;
      // A member of the team has a role on each of its models; the fallback is never reached.
      const access = accessOfRow(actorId, granted) ?? { role: 'viewer' as const, favorite: granted.favorite };
      return rowToModel(row, actorId, users, populate, access);
    });
    return { data, total: Number(count.n) };
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

  /** The live model with the caller's grants on it; null when missing or when the caller has no role. */
  async access(actorId: string, id: string): Promise<{ row: ModelRow; access: ModelAccessView } | null> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('model_view as m')
      .selectAll('m')
      .select(grantColumns(actorId))
      .where('m.id', '=', id)
      .where('m.deleted_at', 'is', null)
      .executeTakeFirst();
    const access = row ? accessOfRow(actorId, row as unknown as Granted) : null;
    return row && access ? { row: row as ModelRow, access } : null;
  }

  /** Someone without a role on the model is told it does not exist. */
  async get(actorId: string, id: string): Promise<Model | null> {
    const found = await this.access(actorId, id);
    if (!found) return null;
    return rowToModel(found.row, actorId, await this.usersById([found.row], POPULATE_PEOPLE), POPULATE_PEOPLE, found.access);
  }

  /** Models by id as `actorId` sees them (their role and star), for lists of favorites and shares. */
  async presentRows(actorId: string, ids: string[], populate: Populate = POPULATE_PEOPLE): Promise<Map<string, Model>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.withSchema(SCHEMA).selectFrom('model_view as m').selectAll('m').select(grantColumns(actorId)).where('m.id', 'in', ids).where('m.deleted_at', 'is', null).execute();
    const users = await this.usersById(rows as ModelRow[], populate);
    const models = new Map<string, Model>();
    for (const row of rows) {
      const access = accessOfRow(actorId, row as unknown as Granted);
      if (access) models.set(row.id, rowToModel(row as ModelRow, actorId, users, populate, access));
    }
    return models;
  }

  /**
   * The model as committed by a command, seen by `actorId`, with its people (answers of commands). Their
   * role and star come from the state tables, which the command's own transaction already wrote.
   */
  async present(actorId: string, state: ModelState): Promise<Model> {
    const row = stateToRow(state);
    const q = this.db.withSchema(SCHEMA);
    const [users, team, share, favorite] = await Promise.all([
      this.usersById([row], POPULATE_PEOPLE),
      state.teamId
        ? q.selectFrom('team_members').select('role').where('team_id', '=', state.teamId).where('user_id', '=', actorId).where('status', '=', 'active').executeTakeFirst()
        : undefined,
      q.selectFrom('model_shares').select('role').where('model_id', '=', state.id).where('user_id', '=', actorId).executeTakeFirst(),
      q.selectFrom('favorites').select('id').where('model_id', '=', state.id).where('user_id', '=', actorId).executeTakeFirst(),
    ]);
    const access = accessOfRow(actorId, { ...row, team_role: team?.role ?? null, share_role: share?.role ?? null, favorite: !!favorite });
    // No role left (the model just deleted, the caller just left it): authorship alone tells the role.
    return rowToModel(row, actorId, users, POPULATE_PEOPLE, access ?? { role: row.author_id === actorId ? 'owner' : 'viewer', favorite: !!favorite });
  }

  /** The model's last state in the read model, deleted ones (tombstones) included. */
  async lastState(id: string): Promise<ModelState | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('model_view').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? rowToState(row) : null;
  }

  /** The caller's active role in a live team, from the read models. */
  async teamRoleOf(teamId: string, userId: string): Promise<TeamRole | null> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('team_member_view as tm')
      .innerJoin('team_view as tv', 'tv.id', 'tm.team_id')
      .select('tm.role')
      .where('tm.team_id', '=', teamId)
      .where('tm.user_id', '=', userId)
      .where('tm.status', '=', 'active')
      .where('tm.deleted_at', 'is', null)
      .where('tv.deleted_at', 'is', null)
      .executeTakeFirst();
    return (row?.role as TeamRole | undefined) ?? null;
  }

  private async teamOfProject(projectId: string): Promise<string | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('project_view').select('team_id').where('id', '=', projectId).where('deleted_at', 'is', null).executeTakeFirst();
    return row?.team_id ?? null;
  }

  private async usersById(rows: ModelRow[], populate: Populate): Promise<Map<string, UserRow>> {
    const ids = peopleOf(rows, populate);
    if (ids.length === 0) return new Map();
    const users = await this.db.withSchema(SCHEMA).selectFrom('user_view').selectAll().where('id', 'in', ids).execute();
    return new Map(users.map((u) => [u.id, u]));
  }
}
