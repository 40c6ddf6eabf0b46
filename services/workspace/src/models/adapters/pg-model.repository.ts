import { COMMON_MESSAGES } from '@kiln/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, FavoriteAggregate, ModelAggregate, ModelShareAggregate, ShareRole } from '@kiln/domain';
import { appendToOutbox, DB, EventMeta, newId, saveVersioned } from '@kiln/service-kit';
import { Kysely, Transaction } from 'kysely';
import { ModelRow, SCHEMA, WorkspaceDatabase } from '../../database.types';
import { ModelRepository, RestoredEventIds } from '../ports/model.repository.port';
import { saveFavoriteIn, saveShareIn } from '../../sharing/adapters/pg-sharing.repository';
import { rowToState, stateToRow } from './model-row.mapper';

const CHANGED_MEANWHILE = COMMON_MESSAGES.changedMeanwhile;

/** A share as "Recently deleted" keeps it: who had which role, so a restore can give it back (ADR 0048). */
interface KeptShare {
  userId: string | null;
  email: string;
  role: ShareRole;
  sharedById: string;
}

@Injectable()
export class PgModelRepository implements ModelRepository {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async findById(id: string): Promise<ModelAggregate | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('models').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? ModelAggregate.restore(rowToState(row)) : null;
  }

  async findDeleted(id: string): Promise<ModelAggregate | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('deleted_models').select(['model', 'deleted_at']).where('id', '=', id).executeTakeFirst();
    return row ? ModelAggregate.fromTrash(rowToState(row.model as unknown as ModelRow), new Date(row.deleted_at)) : null;
  }

  async save(model: ModelAggregate, meta: EventMeta): Promise<string[]> {
    const events = model.pullEvents();
    if (events.length === 0) return [];
    const row = stateToRow(model.snapshot());
    // The row and its events in one statement (one round trip per command); a deletion also trashes the model.
    // Someone else changed the model since we loaded it: nothing is written (409), the caller may retry.
    const write = { table: 'models' as const, row, loadedVersion: model.loadedVersion, deleted: model.isDeleted };
    return saveVersioned(this.db, SCHEMA, write, events, meta, (trx) => moveToTrash(trx, row, meta));
  }

  async restore(model: ModelAggregate, meta: EventMeta): Promise<RestoredEventIds> {
    if (!model.isUndeleted) throw new Error('restore() takes a model restored with undelete()');
    const events = model.pullEvents();
    return this.db.transaction().execute((trx) => restoreFromTrash(trx, model, events, meta));
  }
}

type Events = ReturnType<ModelAggregate['pullEvents']>;

/**
 * A deletion: the row leaves `models` (so every list, share, favorite and command treats it as gone) and
 * waits in `deleted_models` with its last state and the shares and favorites it had, read after the row is
 * locked by the delete, in the same transaction as the outbox rows.
 */
async function moveToTrash(trx: Transaction<WorkspaceDatabase>, row: ModelRow, meta: EventMeta): Promise<void> {
  const t = trx.withSchema(SCHEMA);
  const [shares, favorites] = await Promise.all([
    t
      .selectFrom('model_shares')
      .select(['user_id', 'email', 'role', 'shared_by_id'])
      .where('model_id', '=', row.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    t.selectFrom('favorites').select(['user_id']).where('model_id', '=', row.id).orderBy('created_at').orderBy('id').execute(),
  ]);
  const kept: KeptShare[] = shares.map((s) => ({ userId: s.user_id, email: s.email, role: s.role as ShareRole, sharedById: s.shared_by_id }));
  await t
    .insertInto('deleted_models')
    .values({
      id: row.id,
      author_id: row.author_id,
      deleted_at: meta.occurredAt,
      model: JSON.stringify(row),
      shares: JSON.stringify(kept),
      favorites: JSON.stringify(favorites.map((f) => f.user_id)),
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        deleted_at: eb.ref('excluded.deleted_at'),
        model: eb.ref('excluded.model'),
        shares: eb.ref('excluded.shares'),
        favorites: eb.ref('excluded.favorites'),
      })),
    )
    .execute();
}

/**
 * A restore: the row goes back to `models` with its next version, and the shares and favorites it had come
 * back, as new shares and favorites with their own events, for the people who still have an account. One
 * that is still there (the deletion's reaction had not ended it yet) is left as it is.
 */
async function restoreFromTrash(trx: Transaction<WorkspaceDatabase>, model: ModelAggregate, events: Events, meta: EventMeta): Promise<RestoredEventIds> {
  const state = model.snapshot();
  const t = trx.withSchema(SCHEMA);
  const trashed = await t.deleteFrom('deleted_models').where('id', '=', state.id).returning(['shares', 'favorites']).executeTakeFirst();
  // Restored (or purged) meanwhile by a parallel request.
  if (!trashed) throw new DomainError('conflict', CHANGED_MEANWHILE);
  const inserted = await t
    .insertInto('models')
    .values(stateToRow(state))
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw new DomainError('conflict', CHANGED_MEANWHILE);
  const eventIds = (await appendToOutbox(trx, SCHEMA, events, meta)).map((e) => e.eventId);
  const shareEventIds: string[] = [];
  const favoriteEventIds: string[] = [];

  const shares = trashed.shares as unknown as KeptShare[];
  const favoriteUserIds = trashed.favorites as unknown as string[];
  const userIds = [...new Set([...shares.flatMap((s) => (s.userId ? [s.userId] : [])), ...favoriteUserIds])];
  const emails = [...new Set(shares.map((s) => s.email))];
  const [accountsById, accountsByEmail, liveShares, liveFavorites] = await Promise.all([
    userIds.length ? t.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute() : Promise.resolve([]),
    emails.length ? t.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute() : Promise.resolve([]),
    t.selectFrom('model_shares').select('email').where('model_id', '=', state.id).execute(),
    t.selectFrom('favorites').select('user_id').where('model_id', '=', state.id).execute(),
  ]);
  const emailOf = new Map(accountsById.map((u) => [u.id, u.email]));
  const idOfEmail = new Map(accountsByEmail.map((u) => [u.email, u.id]));
  const sharedEmails = new Set(liveShares.map((s) => s.email));
  for (const kept of shares) {
    // An account that was erased meanwhile loses its share; a pending invite stays pending, or is theirs if they signed up since.
    if (kept.userId && !emailOf.has(kept.userId)) continue;
    const email = kept.userId ? emailOf.get(kept.userId)! : kept.email;
    const userId = kept.userId ?? idOfEmail.get(kept.email) ?? null;
    if (sharedEmails.has(email) || userId === state.authorId) continue;
    sharedEmails.add(email);
    const share = ModelShareAggregate.create({
      id: newId(meta.occurredAt),
      modelId: state.id,
      ownerId: state.authorId,
      email,
      userId,
      role: kept.role,
      sharedById: kept.sharedById,
      now: meta.occurredAt,
    });
    shareEventIds.push(...(await saveShareIn(trx, share, meta)));
  }
  const favorited = new Set(liveFavorites.map((f) => f.user_id));
  for (const userId of favoriteUserIds) {
    if (!emailOf.has(userId) || favorited.has(userId)) continue;
    favorited.add(userId);
    favoriteEventIds.push(
      ...(await saveFavoriteIn(trx, FavoriteAggregate.add({ id: newId(meta.occurredAt), userId, modelId: state.id, now: meta.occurredAt }), meta)),
    );
  }
  return { eventIds, shareEventIds, favoriteEventIds };
}
