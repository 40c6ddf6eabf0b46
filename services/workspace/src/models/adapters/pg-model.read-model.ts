import { Inject, Injectable } from '@nestjs/common';
import { ListModelsQuery, Model, ModelList } from '@kiln/contracts';
import { DomainError, ModelAccessVia, modelAccessFor, ModelRole, ModelState, ShareRole, TEAM_MESSAGES, TeamRole } from '@kiln/domain';
import { DB, executeNamed, QueryShapes } from '@kiln/service-kit';
import { CompiledQuery, Expression, ExpressionBuilder, Kysely, QueryCreator, SelectQueryBuilder, sql } from 'kysely';
import { ModelRow, SCHEMA, WorkspaceDatabase } from '../../database.types';
import { allColumns } from './columns';
import { peopleOf, Populate, POPULATE_PEOPLE, rowToModel, rowToState, stateToRow, UserRow } from './model-row.mapper';
import { activeTeamRole, teamOfLiveProject } from '../../teams/adapters/team-scope.views';

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

/** Where the model row is `model_view as m` (what `grantColumns` correlates with). */
type ModelAliasedM = ExpressionBuilder<WorkspaceDatabase & { m: WorkspaceDatabase['model_view'] }, 'm'>;

/**
 * The caller's team role, share role and star on the model aliased `m`, as correlated look-ups by index
 * (a page has at most 100 rows). Read models only: `team_member_view`, `model_share_view`, `favorite_view`.
 * With `ownRows` every row is the caller's own outside any team (the personal scope): authorship gives the
 * role (owner outranks every grant, see `modelRoleFor`), so only the star is looked up — each correlated
 * look-up costs the planner more than running it does on a page.
 */
export function grantColumns(actorId: string, { ownRows = false } = {}) {
  const star = (eb: ModelAliasedM) =>
    eb
      .exists(
        eb
          .selectFrom('favorite_view as fv')
          .select(sql.lit(1).as('one'))
          .whereRef('fv.model_id', '=', 'm.id')
          .where('fv.user_id', '=', actorId)
          .where('fv.deleted_at', 'is', null),
      )
      .as('favorite');
  if (ownRows) return (eb: ModelAliasedM) => [sql<string | null>`NULL`.as('team_role'), sql<string | null>`NULL`.as('share_role'), star(eb)];
  return (eb: ModelAliasedM) => [
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
    star(eb),
  ];
}

/** The live rows of one author and scope, filtered: what a page and its count are taken from. */
type LiveRows = SelectQueryBuilder<WorkspaceDatabase, 'model_view', object>;

/** What decides the SQL text of a list's statements (with the sort and `populate`). */
interface ListFilters {
  team: boolean;
  project: boolean;
  contains: boolean;
  nin: boolean;
}

/** The values of a list's statements, filled into their compiled shape (unused ones are empty). */
interface ListValues {
  [name: string]: unknown;
  actorId: string;
  teamId: string;
  projectId: string;
  /** `name ILIKE` pattern: `%<contains>%` with `\`, `%`, `_` escaped (literal). */
  pattern: string;
  nin: string[];
  skip: number;
  limit: number;
}

/** One row of a page: the model, its people (when populated) and the caller's grants. */
type PageRow = Granted & { author_row: UserRow | null; contributor_row: UserRow | null; total_n: number | null };

/** The columns of a model row, named (a prepared statement must not say `m.*`, see `executeNamed`). */
const MODEL_VIEW_COLUMNS = allColumns<ModelRow>()([
  'id',
  'name',
  'description',
  'author_id',
  'contributor_id',
  'team_id',
  'project_id',
  'product_id',
  'published_at',
  'shared_with_everyone',
  'hidden',
  'geometry_object3d_id',
  'geometry_media_id',
  'created_at',
  'updated_at',
  'version',
]);

const SORT_COLUMN = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name' } as const;

/** Reads of the model read model (`model_view` joined with `user_view`). Queries never touch the write tables. */
@Injectable()
export class PgModelReadModel {
  private readonly shapes = new QueryShapes();

  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  /**
   * One page and the total (ADR 0014). The total of a scope comes from `model_counts`, kept by the
   * projection; a page is an index-only scan of the live rows in the asked order, from whichever end is
   * nearer (the last page of 100,000 costs what the first does), then joined to its rows and people.
   * Searches and project filters count their matches instead (trigram index for `contains`).
   *
   * The statement is compiled once per shape (`QueryShapes`): `filters`, the sort, the direction
   * and `populate` decide the SQL text and make the key; the values (`ListValues`) are filled in per call.
   */
  async list(actorId: string, query: ListModelsQuery): Promise<ModelList> {
    const where = query.where ?? {};
    // A project's models are its team's: the team comes from the project when only the project is asked for.
    const teamId = where.teamId ?? (where.projectId ? await teamOfLiveProject(this.db, where.projectId) : null);
    if (where.projectId && !teamId) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    // Personal scope: the caller's own models. Team scope: every live model of the team, whoever wrote
    // it, for any active member of the team (index model_view_team_live_by_*).
    if (teamId && !(await activeTeamRole(this.db, teamId, actorId))) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    const contains = where.name?.contains.trim();
    const nin = where.id?.nin ?? [];
    const filters: ListFilters = { team: !!teamId, project: !!where.projectId, contains: !!contains, nin: nin.length > 0 };
    const filterKey = `${+filters.team}${+filters.project}${+filters.contains}${+filters.nin}`;
    const values: ListValues = {
      actorId,
      teamId: teamId ?? '',
      projectId: where.projectId ?? '',
      pattern: contains ? `%${contains.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '',
      nin,
      skip: 0,
      limit: 0,
    };

    const counted = !teamId && !contains;
    const totalStatement = (v: ListValues) =>
      counted ? this.countedTotal(v, filters) : this.matching(v, filters).select((eb) => eb.fn.countAll<number>().as('n'));
    // A later page of a counted scope is read from whichever end is nearer; which one is decided inside
    // the statement from the kept total, so every page is one statement, the total in its own snapshot.
    const eitherEnd = counted && query.skip > 0;
    values.skip = query.skip;
    values.limit = query.limit;

    const sort = query.sort ?? { field: 'updatedAt', direction: 'desc' as const };
    const column = SORT_COLUMN[sort.field];
    const key = (table?: string) =>
      column === 'name' ? sql`lower(${sql.ref(table ? `${table}.name` : 'name')})` : sql.ref(table ? `${table}.${column}` : column);
    const reverse = sort.direction === 'asc' ? 'desc' : 'asc';

    const populate = new Set((query.populate ?? []).map((p) => p.split('.')[0]));
    // The page size is a literal of the statement's text (so of its key): a generic plan reads `LIMIT $n`
    // as a tenth of the rows and would join the page to all of them (see `executeNamed`).
    // So is a first page's offset: a generic plan costs `OFFSET $n` as skipping a tenth of the rows, and
    // Postgres would keep planning the first page anew.
    const size = sql.lit(query.limit);
    const first = query.skip === 0;
    const people = `${+populate.has('author')}${+populate.has('contributor')}`;
    const pageKey = `page ${filterKey} ${column} ${sort.direction} ${+eitherEnd} ${people} ${query.limit} ${+first}`;
    const page = this.shapes.compile(pageKey, values, (v) => {
      const idsOf = (direction: 'asc' | 'desc', offset: Expression<number>, limit: Expression<number>) =>
        this.matching(v, filters)
          .select(column === 'name' ? ['id', 'name'] : ['id', column])
          .orderBy(key(), direction)
          .orderBy('id', direction)
          .offset(offset)
          .limit(limit);
      // The total: an uncorrelated subquery (run once per statement), or the `total` CTE when the page needs it too.
      const total = eitherEnd ? sql<number>`(SELECT n FROM total)` : sql<number>`(${totalStatement(v)})`;
      const fromStart = idsOf(sort.direction, first ? sql.lit(0) : sql`${v.skip}`, size);
      // Both ends are planned; a one-time filter on the total runs only one of them (same columns: one
      // type). The outer LIMIT changes no answer: it tells the planner a page is small whatever the
      // from-the-end branch's computed LIMIT (else it plans for 10 % of the rows and joins by a full scan).
      const fromEitherEnd = () => {
        const nearStart = fromStart.where(sql<boolean>`${v.skip} * 2 <= ${total}`);
        const nearEnd = idsOf(reverse, sql`greatest(0, ${total} - ${v.skip} - ${v.limit})`, sql`greatest(0, least(${v.limit}, ${total} - ${v.skip}))`).where(
          sql<boolean>`${v.skip} * 2 > ${total}`,
        );
        const either = this.db
          .selectFrom(nearStart.as('near_start'))
          .selectAll()
          .unionAll(this.db.selectFrom(nearEnd.as('near_end')).selectAll());
        return this.db
          .selectFrom(either.as('either_end'))
          .selectAll()
          .limit(size as never) as unknown as typeof fromStart;
      };
      const ids = eitherEnd ? fromEitherEnd() : fromStart;
      const base = this.db.withSchema(SCHEMA);
      // The CTE's table is referenced in raw SQL only, so the builder's types need not know it.
      const q = eitherEnd ? (base.with('total', () => totalStatement(v)) as unknown as QueryCreator<WorkspaceDatabase>) : base;
      return q
        .selectFrom(ids.as('page'))
        .innerJoin('model_view as m', 'm.id', 'page.id')
        .leftJoin('user_view as a', (join) => (populate.has('author') ? join.onRef('a.id', '=', 'm.author_id') : join.on(sql.lit(false))))
        .leftJoin('user_view as c', (join) => (populate.has('contributor') ? join.onRef('c.id', '=', 'm.contributor_id') : join.on(sql.lit(false))))
        .select(MODEL_VIEW_COLUMNS.map((c) => `m.${c}` as const))
        .select([sql<UserRow | null>`to_jsonb(a)`.as('author_row'), sql<UserRow | null>`to_jsonb(c)`.as('contributor_row')])
        .select(grantColumns(v.actorId, { ownRows: !filters.team }))
        .select(total.as('total_n'))
        .orderBy(key('m'), sort.direction)
        .orderBy('m.id', sort.direction);
    });
    // A page of the personal scope is a named statement, planned once per connection (its generic plan
    // reads the page by index and the kept count). Others are planned anew each time: a search's plan
    // depends on its pattern (trigram index or not), and a team's count(*) on which team it is (a generic
    // plan of it scanned the table).
    const rows = counted ? await executeNamed<PageRow>(this.db, page) : (await this.db.executeQuery<PageRow>(page)).rows;
    // A page past the end has no row to carry the total: then it is asked for on its own.
    const count =
      rows.length > 0
        ? { n: rows[0].total_n! }
        : await this.firstRow<{ n: number }>(this.shapes.compile(`total ${+counted} ${filterKey}`, values, totalStatement));
    const users = new Map<string, UserRow>();
    for (const row of rows) for (const person of [row.author_row, row.contributor_row]) if (person) users.set(person.id, person);
    const data = rows.map((row) => {
      // A member of the team has a role on each of its models; the fallback is never reached.
      const access = accessOfRow(actorId, row) ?? { role: 'viewer' as const, favorite: row.favorite };
      return rowToModel(row, actorId, users, populate, access);
    });
    return { data, total: Number(count.n) };
  }

  /** The live rows of one author's personal scope or of one team, filtered (see `list`). */
  private matching(v: ListValues, filters: ListFilters): LiveRows {
    const live = this.live(v, filters);
    return filters.nin ? live.where('id', 'not in', v.nin) : live;
  }

  private live(v: ListValues, filters: ListFilters): LiveRows {
    let live = filters.team
      ? this.db.withSchema(SCHEMA).selectFrom('model_view').where('team_id', '=', v.teamId).where('deleted_at', 'is', null)
      : this.db.withSchema(SCHEMA).selectFrom('model_view').where('author_id', '=', v.actorId).where('scope', '=', '').where('deleted_at', 'is', null);
    if (filters.project) live = live.where('project_id', '=', v.projectId);
    if (filters.contains) live = live.where('name', 'ilike', v.pattern);
    return live;
  }

  /** The live models of the caller's personal scope as the projection counted them, less those the caller leaves out. */
  private countedTotal(v: ListValues, filters: ListFilters) {
    const kept = this.db.withSchema(SCHEMA).selectFrom('model_counts').select('live').where('author_id', '=', v.actorId).where('scope', '=', '');
    const left = filters.nin
      ? this.live(v, filters)
          .where('id', 'in', v.nin)
          .select((eb) => eb.fn.countAll<number>().as('n'))
      : null;
    return this.db.selectNoFrom(() => [sql<number>`coalesce((${kept}), 0) - coalesce((${left ?? sql`SELECT 0`}), 0)`.as('n')]);
  }

  private async firstRow<R>(compiled: CompiledQuery): Promise<R> {
    const { rows } = await this.db.executeQuery<R>(compiled);
    if (!rows[0]) throw new Error('The statement returned no row.');
    return rows[0];
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
    const rows = await this.db
      .withSchema(SCHEMA)
      .selectFrom('model_view as m')
      .selectAll('m')
      .select(grantColumns(actorId))
      .where('m.id', 'in', ids)
      .where('m.deleted_at', 'is', null)
      .execute();
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
    // The people and the three grants in one named statement (a round trip and a plan per command count at
    // 100 commands a second); the people as JSON rows, as the list reads them.
    const person = (id: string | null) => sql<UserRow | null>`(SELECT to_jsonb(u) FROM ${sql.id(SCHEMA, 'user_view')} u WHERE u.id = ${id ?? ''})`;
    const [grants] = await executeNamed<{
      author_row: UserRow | null;
      contributor_row: UserRow | null;
      team_role: string | null;
      share_role: string | null;
      favorite: boolean;
    }>(
      this.db,
      q
        .selectNoFrom((eb) => [
          person(row.author_id).as('author_row'),
          person(row.contributor_id).as('contributor_row'),
          eb
            .selectFrom('team_members')
            .select('role')
            .where('team_id', '=', state.teamId ?? '')
            .where('user_id', '=', actorId)
            .where('status', '=', 'active')
            .limit(1)
            .as('team_role'),
          eb.selectFrom('model_shares').select('role').where('model_id', '=', state.id).where('user_id', '=', actorId).limit(1).as('share_role'),
          eb.exists(eb.selectFrom('favorites').select('id').where('model_id', '=', state.id).where('user_id', '=', actorId)).as('favorite'),
        ])
        .compile(),
    );
    const users = new Map<string, UserRow>();
    for (const found of [grants.author_row, grants.contributor_row]) if (found) users.set(found.id, found);
    const favorite = !!grants.favorite;
    const access = accessOfRow(actorId, {
      ...row,
      team_role: state.teamId ? (grants.team_role ?? null) : null,
      share_role: grants.share_role ?? null,
      favorite,
    });
    // No role left (the model just deleted, the caller just left it): authorship alone tells the role.
    return rowToModel(row, actorId, users, POPULATE_PEOPLE, access ?? { role: row.author_id === actorId ? 'owner' : 'viewer', favorite });
  }

  /** The model's last state in the read model, deleted ones (tombstones) included. */
  async lastState(id: string): Promise<ModelState | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('model_view').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? rowToState(row) : null;
  }

  private async usersById(rows: ModelRow[], populate: Populate): Promise<Map<string, UserRow>> {
    const ids = peopleOf(rows, populate);
    if (ids.length === 0) return new Map();
    const users = await this.db.withSchema(SCHEMA).selectFrom('user_view').selectAll().where('id', 'in', ids).execute();
    return new Map(users.map((u) => [u.id, u]));
  }
}
