import { Inject, Injectable } from '@nestjs/common';
import { Favorite, FavoriteList, ModelListQuery, ModelShares, SharedModel, SharedModelList, ShareUserList } from '@kiln/contracts';
import { DomainError, modelAllows, ModelShareState, SHARE_MESSAGES } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { ExpressionBuilder, Kysely, Selectable, sql } from 'kysely';
import { z } from 'zod';
import { toUserSummary, UserRow } from '../../adapters/model-row.mapper';
import { PgModelReadModel } from '../../adapters/pg-model.read-model';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

type ShareViewRow = Selectable<WorkspaceDatabase['model_share_view']>;
type ListQuery = z.output<typeof ModelListQuery>;

const SORT_COLUMN = { createdAt: 'm.created_at', updatedAt: 'm.updated_at', name: 'm.name' } as const;
const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether the caller has any role on the model aliased `m` (the SQL face of `modelRoleFor`): its author,
 * an active member of its live team, someone it is shared with, or anyone when its link is not private.
 */
function visibleTo(actorId: string) {
  return (eb: ExpressionBuilder<any, any>) =>
    eb.or([
      eb('m.author_id', '=', actorId),
      eb('m.shared_with_everyone', '<>', 'private'),
      eb.exists(eb.selectFrom('model_share_view as vs').select(sql.lit(1).as('one')).whereRef('vs.model_id', '=', 'm.id').where('vs.user_id', '=', actorId).where('vs.deleted_at', 'is', null)),
      eb.exists(
        eb
          .selectFrom('team_member_view as vm')
          .innerJoin('team_view as vt', 'vt.id', 'vm.team_id')
          .select(sql.lit(1).as('one'))
          .whereRef('vm.team_id', '=', 'm.team_id')
          .where('vm.user_id', '=', actorId)
          .where('vm.status', '=', 'active')
          .where('vm.deleted_at', 'is', null)
          .where('vt.deleted_at', 'is', null),
      ),
    ]);
}

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
    if (!found) throw new DomainError('not-found', 'Model not found.');
    if (!modelAllows(found.access.role, 'model.share')) throw new DomainError('forbidden', SHARE_MESSAGES.ownerOnly);
    const rows = await this.db.withSchema(SCHEMA).selectFrom('model_share_view').selectAll().where('model_id', '=', modelId).where('deleted_at', 'is', null).orderBy('created_at').orderBy('id').execute();
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
    };
    const modelName = model?.name ?? (await this.db.withSchema(SCHEMA).selectFrom('model_view').select('name').where('id', '=', state.modelId).executeTakeFirst())?.name ?? '';
    // The recipient who just left no longer sees the model: the answer then carries its name only.
    return { ...this.sharedModel(row, modelName, users), ...(model ? { model } : {}) };
  }

  /** Shared with me: my active shares of live models, with the model as I see it and who shared it. */
  async sharedWithMe(actorId: string, query: ListQuery): Promise<z.input<typeof SharedModelList>> {
    let base = this.db
      .withSchema(SCHEMA)
      .selectFrom('model_share_view as s')
      .innerJoin('model_view as m', 'm.id', 's.model_id')
      .where('s.user_id', '=', actorId)
      .where('s.deleted_at', 'is', null)
      .where('m.deleted_at', 'is', null);
    const contains = query.where?.name?.contains.trim();
    if (contains) base = base.where('m.name', 'ilike', escapeLike(contains));
    // Newest share first unless a model field is asked for.
    const ordered = query.sort
      ? base.orderBy(query.sort.field === 'name' ? sql`lower(m.name)` : sql.ref(SORT_COLUMN[query.sort.field]), query.sort.direction).orderBy('s.id', query.sort.direction)
      : base.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc');
    const [rows, count] = await Promise.all([
      ordered.selectAll('s').select('m.name as model_name').offset(query.skip).limit(query.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const [models, users] = await Promise.all([this.models.presentRows(actorId, rows.map((r) => r.model_id)), this.usersById(rows.flatMap((r) => [r.shared_by_id, r.user_id]))]);
    const data = rows.map((row) => {
      const model = models.get(row.model_id);
      return { ...this.sharedModel(row, row.model_name, users), ...(model ? { model } : {}) };
    });
    return { data, total: Number(count.n) };
  }

  /** The people I have shared models with (suggestions of the share dialog), by name. */
  async shareUsers(actorId: string): Promise<z.input<typeof ShareUserList>> {
    const rows = await this.db
      .withSchema(SCHEMA)
      .selectFrom('user_view as u')
      .selectAll('u')
      .where((eb) =>
        eb.exists(eb.selectFrom('model_share_view as s').select(sql.lit(1).as('one')).whereRef('s.user_id', '=', 'u.id').where('s.shared_by_id', '=', actorId).where('s.deleted_at', 'is', null)),
      )
      .orderBy(sql`lower(u.full_name)`)
      .orderBy('u.id')
      .limit(1000)
      .execute();
    const data = rows.map((row) => toUserSummary(row)!);
    return { data, total: data.length };
  }

  /** My favorites among the models I may still see, newest star first by default. */
  async favorites(actorId: string, query: ListQuery): Promise<z.input<typeof FavoriteList>> {
    let base = this.db
      .withSchema(SCHEMA)
      .selectFrom('favorite_view as f')
      .innerJoin('model_view as m', 'm.id', 'f.model_id')
      .where('f.user_id', '=', actorId)
      .where('f.deleted_at', 'is', null)
      .where('m.deleted_at', 'is', null)
      .where(visibleTo(actorId));
    const contains = query.where?.name?.contains.trim();
    if (contains) base = base.where('m.name', 'ilike', escapeLike(contains));
    const ordered = query.sort
      ? base.orderBy(query.sort.field === 'name' ? sql`lower(m.name)` : sql.ref(SORT_COLUMN[query.sort.field]), query.sort.direction).orderBy('f.id', query.sort.direction)
      : base.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc');
    const [rows, count] = await Promise.all([
      ordered.selectAll('f').offset(query.skip).limit(query.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const models = await this.models.presentRows(actorId, rows.map((r) => r.model_id));
    const data: Favorite[] = rows.flatMap((row) => {
      const model = models.get(row.model_id);
      return model ? [{ id: row.id, modelId: row.model_id, createdAt: new Date(row.created_at).toISOString(), model }] : [];
    });
    return { data, total: Number(count.n) };
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
