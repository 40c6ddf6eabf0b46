import { Inject, Injectable } from '@nestjs/common';
import { COMMON_MESSAGES, Favorite, FavoriteList, Model, ModelListQuery, ModelShares, SharedModel, SharedModelList, ShareUserList } from '@kiln/contracts';
import { DomainError, modelAllows, ModelShareState, SHARE_MESSAGES } from '@kiln/domain';
import { DB, executeNamed } from '@kiln/service-kit';
import { allColumns } from '../../models/adapters/columns';
import { ExpressionBuilder, Kysely, Selectable, SelectQueryBuilder, sql } from 'kysely';
import { z } from 'zod';
import { POPULATE_PEOPLE, rowToModel, toUserSummary, UserRow } from '../../models/adapters/model-row.mapper';
import { accessOfRow, grantColumns, PgModelReadModel } from '../../models/adapters/pg-model.read-model';
import { ModelRow, SCHEMA, WorkspaceDatabase } from '../../database.types';

type ShareViewRow = Selectable<WorkspaceDatabase['model_share_view']>;
type FavoriteViewRow = Selectable<WorkspaceDatabase['favorite_view']>;
/** What a page row carries beside its view row: its model (as JSON, with the caller's grants) and people. */
type PageExtras = {
  model_row: ModelRow | null;
  team_role: string | null;
  share_role: string | null;
  favorite: boolean;
  author_row: UserRow | null;
  contributor_row: UserRow | null;
  shared_by_row: UserRow | null;
  user_row: UserRow | null;
};
type ListQuery = z.output<typeof ModelListQuery>;

/** The view rows' columns, named (a statement kept prepared must not say `r.*`). */
const SHARE_VIEW_COLUMNS = allColumns<ShareViewRow>()([
  'id',
  'model_id',
  'owner_id',
  'user_id',
  'email',
  'role',
  'shared_by_id',
  'created_at',
  'updated_at',
  'version',
  'deleted_at',
  'model_name',
  'model_created_at',
  'model_updated_at',
  'model_version',
  'model_deleted_at',
]);
const FAVORITE_VIEW_COLUMNS = allColumns<FavoriteViewRow>()([
  'id',
  'model_id',
  'user_id',
  'created_at',
  'deleted_at',
  'model_author_id',
  'model_team_id',
  'model_shared_with_everyone',
  'shared_with_user',
  'model_name',
  'model_created_at',
  'model_updated_at',
  'model_version',
  'model_deleted_at',
]);

const SORT_COLUMN = { createdAt: 'model_created_at', updatedAt: 'model_updated_at', name: 'model_name' } as const;
const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether the caller has any role on the model of the favorite aliased `v` (the SQL face of
 * `modelRoleFor`), from the model columns copied into `favorite_view`: its author, anyone when its link
 * is not private, someone it is shared with (`shared_with_user`), or an active member of its live team.
 */
function seenBy(actorId: string) {
  return (eb: ExpressionBuilder<WorkspaceDatabase & { v: WorkspaceDatabase['favorite_view'] }, 'v'>) =>
    eb.or([
      eb('v.model_author_id', '=', actorId),
      eb('v.model_shared_with_everyone', '<>', 'private'),
      eb.ref('v.shared_with_user'),
      eb.exists(
        eb
          .selectFrom('team_member_view as vm')
          .innerJoin('team_view as vt', 'vt.id', 'vm.team_id')
          .select(sql.lit(1).as('one'))
          .whereRef('vm.team_id', '=', 'v.model_team_id')
          .where('vm.user_id', '=', actorId)
          .where('vm.status', '=', 'active')
          .where('vm.deleted_at', 'is', null)
          .where('vt.deleted_at', 'is', null),
      ),
    ]);
}

/** The rows a shared list shows (aliased `v`), filtered: what a page and its count are taken from. */
type Listed = SelectQueryBuilder<WorkspaceDatabase & { v: Pick<WorkspaceDatabase['model_share_view' | 'favorite_view'], 'id'> }, 'v', object>;

const countOf = (rows: Listed) =>
  rows
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));

/** Reads of shares and favorites (`model_share_view`, `favorite_view`, with `model_view` and `user_view`). */
@Injectable()
export class PgSharingReadModel {
  constructor(
    @Inject(DB) private readonly db: Kysely<WorkspaceDatabase>,
    private readonly models: PgModelReadModel,
  ) {}

  /** The share dialog (owner only): the owner's fixed row, the link access, and everyone it is shared with. */
  async modelShares(actorId: string, modelId: string): Promise<ModelShares> {
    const found = await this.models.access(actorId, modelId);
    if (!found) throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
    if (!modelAllows(found.access.role, 'model.share')) throw new DomainError('forbidden', SHARE_MESSAGES.ownerOnly);
    const rows = await this.db
      .withSchema(SCHEMA)
      .selectFrom('model_share_view')
      .selectAll()
      .where('model_id', '=', modelId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const users = await this.usersById([found.row.author_id, ...rows.flatMap((r) => [r.shared_by_id, r.user_id])]);
    return {
      modelId,
      owner: this.person(users, found.row.author_id),
      sharedWithEveryone: found.row.shared_with_everyone as ModelShares['sharedWithEveryone'],
      data: rows.map((row) => this.sharedModel(row, found.row.name, users)),
    };
  }

  /** A share as committed by a command, seen by the caller (answers of the share commands). */
  async presentShare(actorId: string, state: ModelShareState): Promise<SharedModel> {
    const [models, users] = await Promise.all([this.models.presentRows(actorId, [state.modelId]), this.usersById([state.sharedById, state.userId])]);
    const model = models.get(state.modelId);
    const row: ShareViewRow = {
      id: state.id,
      model_id: state.modelId,
      owner_id: state.ownerId,
      user_id: state.userId,
      email: state.email,
      role: state.role,
      shared_by_id: state.sharedById,
      created_at: state.createdAt,
      updated_at: state.updatedAt,
      version: state.version,
      deleted_at: null,
      // Not read here: the model's name comes below.
      model_name: null,
      model_created_at: null,
      model_updated_at: null,
      model_version: null,
      model_deleted_at: null,
    };
    const modelName =
      model?.name ?? (await this.db.withSchema(SCHEMA).selectFrom('model_view').select('name').where('id', '=', state.modelId).executeTakeFirst())?.name ?? '';
    // The recipient who just left no longer sees the model: the answer then carries its name only.
    return { ...this.sharedModel(row, modelName, users), ...(model ? { model } : {}) };
  }

  /**
   * Shared with me: my active shares of live models, with the model as I see it and who shared it. Costs
   * what a My Models page costs (ADR 0014, "Shared lists"): the total is kept in `model_share_counts`, the
   * page is read from the index of its sort over the model columns copied into `model_share_view`.
   */
  async sharedWithMe(actorId: string, query: ListQuery): Promise<z.input<typeof SharedModelList>> {
    const shown = this.db
      .withSchema(SCHEMA)
      .selectFrom('model_share_view as v')
      .where('v.user_id', '=', actorId)
      .where('v.deleted_at', 'is', null)
      .where('v.model_deleted_at', 'is', null);
    const contains = query.where?.name?.contains.trim();
    const matching = contains ? shown.where('v.model_name', 'ilike', escapeLike(contains)) : shown;
    const kept = this.db.withSchema(SCHEMA).selectFrom('model_share_counts').select('live').where('user_id', '=', actorId);
    const totalQuery = contains ? countOf(matching) : kept.executeTakeFirst().then((row) => Number(row?.live ?? 0));
    const rows = (await this.page(actorId, 'model_share_view', matching, query, totalQuery, !!contains)) as (ShareViewRow & PageExtras)[];
    const data = rows.map((row) => {
      const model = this.pageModel(actorId, row);
      const users = new Map([row.shared_by_row, row.user_row].flatMap((u) => (u ? [[u.id, u] as const] : [])));
      return { ...this.sharedModel(row, row.model_name ?? '', users), ...(model ? { model } : {}) };
    });
    return { data, total: await totalQuery };
  }

  /**
   * One page of a shared list, as ids read in the list's order from the index of its sort (from the
   * nearer end when the total is known and the page is past the middle), then joined, in the same
   * statement, to their rows, their live models with the caller's grants, and the people they name.
   * Without a sort the newest share or star comes first.
   */
  private async page(
    actorId: string,
    view: 'model_share_view' | 'favorite_view',
    matching: Listed,
    query: ListQuery,
    totalQuery: Promise<number>,
    searched: boolean,
  ): Promise<Record<string, unknown>[]> {
    // The first page never reads backwards, so it and its total are read at the same time.
    const total = query.skip > 0 ? await totalQuery : undefined;
    const column = query.sort ? SORT_COLUMN[query.sort.field] : 'created_at';
    const direction = query.sort?.direction ?? 'desc';
    const key = (alias: string) => (column === 'model_name' ? sql`lower(${sql.ref(`${alias}.model_name`)})` : sql.ref(`${alias}.${column}`));
    const backwards = total !== undefined && query.skip > total / 2;
    const flip = (d: 'asc' | 'desc') => (backwards ? (d === 'asc' ? 'desc' : 'asc') : d);
    const offset = backwards ? Math.max(0, total! - query.skip - query.limit) : query.skip;
    const limit = backwards ? Math.max(0, Math.min(query.limit, total! - query.skip)) : query.limit;
    // The page size (and a first page's offset) as literals, so the statement keeps one generic plan (see `executeNamed`).
    const ids = matching
      .select('v.id')
      .orderBy(key('v'), flip(direction))
      .orderBy('v.id', flip(direction))
      .offset(offset === 0 ? sql.lit(0) : offset)
      .limit(sql.lit(limit));
    const shares = view === 'model_share_view';
    // `r` is one of two views chosen at run time (their shared columns are picked by name below): typed as either,
    // kysely's join overloads of the union cannot be called.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    const db = this.db as unknown as Kysely<any>;
    const statement = db
      .withSchema(SCHEMA)
      .selectFrom(ids.as('page'))
      .innerJoin(`${view} as r`, 'r.id', 'page.id')
      .leftJoin('model_view as m', (join) => join.onRef('m.id', '=', 'r.model_id').on('m.deleted_at', 'is', null))
      .leftJoin('user_view as a', 'a.id', 'm.author_id')
      .leftJoin('user_view as c', 'c.id', 'm.contributor_id')
      .leftJoin('user_view as sb', (join) => (shares ? join.onRef('sb.id', '=', 'r.shared_by_id') : join.on(sql.lit(false))))
      .leftJoin('user_view as u', (join) => (shares ? join.onRef('u.id', '=', 'r.user_id') : join.on(sql.lit(false))))
      .select((shares ? SHARE_VIEW_COLUMNS : FAVORITE_VIEW_COLUMNS).map((column) => `r.${column}`))
      .select([
        sql`to_jsonb(m)`.as('model_row'),
        sql`to_jsonb(a)`.as('author_row'),
        sql`to_jsonb(c)`.as('contributor_row'),
        sql`to_jsonb(sb)`.as('shared_by_row'),
        sql`to_jsonb(u)`.as('user_row'),
      ])
      .select(grantColumns(actorId))
      .orderBy(key('r'), direction)
      .orderBy('r.id', direction);
    // Each caller's own rows, by index: a named statement, planned once per connection. A search's plan
    // depends on its pattern: planned anew each time.
    return searched ? statement.execute() : executeNamed(this.db, statement.compile());
  }

  /** The row's model as the caller sees it (as `PgModelReadModel.presentRows`); none when deleted or no longer theirs to see. */
  private pageModel(actorId: string, row: PageExtras): Model | undefined {
    if (!row.model_row) return undefined;
    const granted = { ...row.model_row, team_role: row.team_role, share_role: row.share_role, favorite: row.favorite };
    const access = accessOfRow(actorId, granted);
    if (!access) return undefined;
    const users = new Map([row.author_row, row.contributor_row].flatMap((u) => (u ? [[u.id, u] as const] : [])));
    return rowToModel(granted, actorId, users, POPULATE_PEOPLE, access);
  }

  /** The people I have shared models with (suggestions of the share dialog), by name. */
  async shareUsers(actorId: string): Promise<z.input<typeof ShareUserList>> {
    const rows = await this.db
      .withSchema(SCHEMA)
      .selectFrom('user_view as u')
      .selectAll('u')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('model_share_view as s')
            .select(sql.lit(1).as('one'))
            .whereRef('s.user_id', '=', 'u.id')
            .where('s.shared_by_id', '=', actorId)
            .where('s.deleted_at', 'is', null),
        ),
      )
      .orderBy(sql`lower(u.full_name)`)
      .orderBy('u.id')
      .limit(1000)
      .execute();
    const data = rows.map((row) => toUserSummary(row)!);
    return { data, total: data.length };
  }

  /**
   * My favorites among the models I may still see, newest star first by default. The page walks the
   * index of its sort and checks access on the rows it walks only (ADR 0020: a favorite of a model I lost
   * access to is kept but not shown). The total is the kept count (`favorite_counts`) less the hidden
   * ones, which can only be among others' private models not shared with me: only their team decides
   * (index `favorite_view_mine_maybe_hidden`).
   */
  async favorites(actorId: string, query: ListQuery): Promise<z.input<typeof FavoriteList>> {
    const q = this.db.withSchema(SCHEMA);
    const shown = q.selectFrom('favorite_view as v').where('v.user_id', '=', actorId).where('v.deleted_at', 'is', null).where('v.model_deleted_at', 'is', null);
    const contains = query.where?.name?.contains.trim();
    const matching = (contains ? shown.where('v.model_name', 'ilike', escapeLike(contains)) : shown).where(seenBy(actorId));
    const totalQuery = contains ? countOf(matching) : this.favoriteTotal(actorId, shown);
    const rows = (await this.page(actorId, 'favorite_view', matching, query, totalQuery, !!contains)) as (FavoriteViewRow & PageExtras)[];
    const data: Favorite[] = rows.flatMap((row) => {
      const model = this.pageModel(actorId, row);
      return model ? [{ id: row.id, modelId: row.model_id, createdAt: new Date(row.created_at).toISOString(), model }] : [];
    });
    return { data, total: await totalQuery };
  }

  private async favoriteTotal(
    actorId: string,
    shown: SelectQueryBuilder<WorkspaceDatabase & { v: WorkspaceDatabase['favorite_view'] }, 'v', object>,
  ): Promise<number> {
    const kept = this.db.withSchema(SCHEMA).selectFrom('favorite_counts').select('live').where('user_id', '=', actorId);
    const hidden = shown
      .where('v.model_shared_with_everyone', '=', 'private')
      .whereRef('v.model_author_id', '<>', 'v.user_id')
      .where((eb) => eb.not(eb.ref('v.shared_with_user')))
      .where((eb) => eb.not(seenBy(actorId)(eb)))
      .select((eb) => eb.fn.countAll<number>().as('n'));
    const row = await this.db.selectNoFrom(() => [sql<number>`coalesce((${kept}), 0) - (${hidden})`.as('n')]).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A favorite by id as its own person sees it, or null. */
  async favorite(id: string, actorId: string): Promise<Favorite | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('favorite_view').selectAll().where('id', '=', id).where('user_id', '=', actorId).executeTakeFirst();
    if (!row) return null;
    const model = (await this.models.presentRows(actorId, [row.model_id])).get(row.model_id);
    return model ? { id: row.id, modelId: row.model_id, createdAt: new Date(row.created_at).toISOString(), model } : null;
  }

  private sharedModel(row: ShareViewRow, modelName: string, users: Map<string, UserRow>): SharedModel {
    return {
      id: row.id,
      modelId: row.model_id,
      modelName,
      sharedBy: this.person(users, row.shared_by_id),
      user: row.user_id ? toUserSummary(users.get(row.user_id)) : null,
      email: row.email,
      role: row.role as SharedModel['role'],
      status: row.user_id ? 'active' : 'pending',
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  /** A person by id; someone erased since is shown without a name rather than failing the answer. */
  private person(users: Map<string, UserRow>, id: string) {
    return toUserSummary(users.get(id)) ?? toUserSummary({ id, full_name: '', email: '', avatar: null, created_at: new Date(0) })!;
  }

  private async usersById(ids: (string | null)[]): Promise<Map<string, UserRow>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (wanted.length === 0) return new Map();
    const rows = await this.db.withSchema(SCHEMA).selectFrom('user_view').selectAll().where('id', 'in', wanted).execute();
    return new Map(rows.map((u) => [u.id, u]));
  }
}
