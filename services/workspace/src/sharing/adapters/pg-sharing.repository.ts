import { COMMON_MESSAGES } from '@kiln/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, FavoriteAggregate, FavoriteState, ModelShareAggregate, ModelShareState, ShareRole } from '@kiln/domain';
import { appendToOutbox, DB, EventMeta, writeVersioned } from '@kiln/service-kit';
import { Kysely, Selectable, Transaction } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

type Db = Kysely<WorkspaceDatabase> | Transaction<WorkspaceDatabase>;
type ShareRow = Selectable<WorkspaceDatabase['model_shares']>;
type FavoriteRow = Selectable<WorkspaceDatabase['favorites']>;

const CHANGED_MEANWHILE = COMMON_MESSAGES.changedMeanwhile;

export const shareRowToState = (row: ShareRow): ModelShareState => ({
  id: row.id,
  modelId: row.model_id,
  ownerId: row.owner_id,
  userId: row.user_id,
  email: row.email,
  role: row.role as ShareRole,
  sharedById: row.shared_by_id,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
  version: row.version,
});

const shareStateToRow = (s: ModelShareState): ShareRow => ({
  id: s.id,
  model_id: s.modelId,
  owner_id: s.ownerId,
  user_id: s.userId,
  email: s.email,
  role: s.role,
  shared_by_id: s.sharedById,
  created_at: s.createdAt,
  updated_at: s.updatedAt,
  version: s.version,
});

const favoriteRowToState = (row: FavoriteRow): FavoriteState => ({
  id: row.id,
  userId: row.user_id,
  modelId: row.model_id,
  createdAt: new Date(row.created_at),
});

/**
 * Write side of shares and favorites (`model_shares`, `favorites`): state and outbox in one transaction.
 * Creating a share or a favorite first takes a share lock on the model's row, so it cannot slip in
 * beside a deletion: either it commits first (and the deletion's reaction ends it), or it finds no model.
 * The `*In` functions run inside a caller's transaction (the reactions use them too).
 */
@Injectable()
export class PgSharingRepository {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async findShare(id: string, db: Db = this.db): Promise<ModelShareAggregate | null> {
    const row = await db.withSchema(SCHEMA).selectFrom('model_shares').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? ModelShareAggregate.restore(shareRowToState(row)) : null;
  }

  async findShareByEmail(modelId: string, email: string): Promise<ModelShareAggregate | null> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('model_shares')
      .selectAll()
      .where('model_id', '=', modelId)
      .where('email', '=', email)
      .executeTakeFirst();
    return row ? ModelShareAggregate.restore(shareRowToState(row)) : null;
  }

  /** The account signed up with this e-mail (the `users` state; e-mails are stored lower-cased). */
  async accountIdByEmail(email: string): Promise<string | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    return row?.id ?? null;
  }

  async findFavorite(id: string): Promise<FavoriteAggregate | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('favorites').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? FavoriteAggregate.restore(favoriteRowToState(row)) : null;
  }

  async findFavoriteOf(userId: string, modelId: string): Promise<FavoriteAggregate | null> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('favorites')
      .selectAll()
      .where('user_id', '=', userId)
      .where('model_id', '=', modelId)
      .executeTakeFirst();
    return row ? FavoriteAggregate.restore(favoriteRowToState(row)) : null;
  }

  async saveShare(share: ModelShareAggregate, meta: EventMeta): Promise<string[]> {
    return this.db.transaction().execute((trx) => saveShareIn(trx, share, meta));
  }

  async saveFavorite(favorite: FavoriteAggregate, meta: EventMeta): Promise<string[]> {
    return this.db.transaction().execute((trx) => saveFavoriteIn(trx, favorite, meta));
  }
}

export async function saveShareIn(trx: Transaction<WorkspaceDatabase>, share: ModelShareAggregate, meta: EventMeta): Promise<string[]> {
  const events = share.pullEvents();
  if (events.length === 0) return [];
  const row = shareStateToRow(share.snapshot());
  if (share.loadedVersion === 0) await lockModel(trx, row.model_id);
  // A parallel request changed it (or shared the model with this e-mail) first: nothing is written, the caller may retry.
  const unique = { constraint: 'model_shares_model_email' };
  await writeVersioned(trx, SCHEMA, { table: 'model_shares', row, loadedVersion: share.loadedVersion, deleted: share.isRemoved, unique });
  return (await appendToOutbox(trx, SCHEMA, events, meta)).map((e) => e.eventId);
}

export async function saveFavoriteIn(trx: Transaction<WorkspaceDatabase>, favorite: FavoriteAggregate, meta: EventMeta): Promise<string[]> {
  const events = favorite.pullEvents();
  if (events.length === 0) return [];
  const state = favorite.snapshot();
  const t = trx.withSchema(SCHEMA);
  let changed: bigint | number;
  if (favorite.isNew) {
    await lockModel(trx, state.modelId);
    const row = { id: state.id, user_id: state.userId, model_id: state.modelId, created_at: state.createdAt };
    changed =
      (
        await t
          .insertInto('favorites')
          .values(row)
          .onConflict((oc) => oc.constraint('favorites_user_model').doNothing())
          .executeTakeFirst()
      ).numInsertedOrUpdatedRows ?? 0;
  } else {
    changed = (await t.deleteFrom('favorites').where('id', '=', state.id).executeTakeFirst()).numDeletedRows;
  }
  if (Number(changed) !== 1) throw new DomainError('conflict', CHANGED_MEANWHILE);
  return (await appendToOutbox(trx, SCHEMA, events, meta)).map((e) => e.eventId);
}

/** Every share and favorite of a model, read in the caller's transaction (the deletion reaction). */
export async function allOfModelIn(
  trx: Transaction<WorkspaceDatabase>,
  modelId: string,
): Promise<{ shares: ModelShareAggregate[]; favorites: FavoriteAggregate[] }> {
  const t = trx.withSchema(SCHEMA);
  const [shares, favorites] = await Promise.all([
    t.selectFrom('model_shares').selectAll().where('model_id', '=', modelId).orderBy('id').forUpdate().execute(),
    t.selectFrom('favorites').selectAll().where('model_id', '=', modelId).orderBy('id').forUpdate().execute(),
  ]);
  return {
    shares: shares.map((r) => ModelShareAggregate.restore(shareRowToState(r))),
    favorites: favorites.map((r) => FavoriteAggregate.restore(favoriteRowToState(r))),
  };
}

/** The shares waiting for this e-mail, read in the caller's transaction (the sign-up reaction). */
export async function pendingForEmailIn(trx: Transaction<WorkspaceDatabase>, email: string): Promise<ModelShareAggregate[]> {
  const rows = await trx
    .withSchema(SCHEMA)
    .selectFrom('model_shares')
    .selectAll()
    .where('email', '=', email)
    .where('user_id', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => ModelShareAggregate.restore(shareRowToState(r)));
}

export async function emailOfIn(trx: Transaction<WorkspaceDatabase>, userId: string): Promise<string | null> {
  const row = await trx.withSchema(SCHEMA).selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}

async function lockModel(trx: Transaction<WorkspaceDatabase>, modelId: string): Promise<void> {
  const model = await trx.withSchema(SCHEMA).selectFrom('models').select('id').where('id', '=', modelId).forShare().executeTakeFirst();
  if (!model) throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
}
