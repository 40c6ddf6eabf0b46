import { AnyEventEnvelope, FavoriteSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { Projection, snapshotProjection } from '@kiln/service-kit';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { copiedFromState, copyAllFromState, lockModels, sharedWithUser } from './copied-model-columns';

type FavoriteRow = WorkspaceDatabase['favorites'];

const favoriteOf = (event: AnyEventEnvelope) => (event.data as { favorite: FavoriteSnapshot }).favorite;

const snapshots = snapshotProjection<FavoriteRow & Record<string, unknown>>({
  name: 'project-favorites-on-favorite-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.favorite.>',
  schema: SCHEMA,
  table: 'favorite_view',
  key: 'id',
  tombstone: 'deleted_at',
  isDeletion: (event) => event.type === 'workspace.favorite.removed.v1',
  async toRow(event, trx) {
    const favorite = favoriteOf(event);
    const row = {
      id: favorite.id,
      user_id: favorite.userId,
      model_id: favorite.modelId,
      created_at: new Date(favorite.createdAt),
      // The model's name, dates and access columns, for the list's order, search and access check.
      ...(await copiedFromState(trx, favorite.modelId, true, new Date(event.occurredAt))),
      shared_with_user: await sharedWithUser(trx, favorite.modelId, favorite.userId),
    };
    if (event.type === 'workspace.favorite.removed.v1') return row;
    const live = await trx.withSchema(SCHEMA).selectFrom('favorites').select('id').where('id', '=', favorite.id).executeTakeFirst();
    return live ? row : null;
  },
  source: { table: 'favorites', toRow: (state) => ({ ...state }) },
});

/**
 * Builds `favorite_view` from favorite events. A favorite never changes, it is added then removed, so
 * there is no version: a removal writes a tombstone, and an addition is shown only while the favorite is
 * still in the `favorites` state, so an addition delivered late never brings a removed one back. Each row
 * also carries the model's columns the list sorts, searches and checks access on, read from `models`.
 * A rebuild copies `favorites`, then those columns.
 */
export const ProjectFavoritesOnFavoriteEvents: Projection = {
  ...snapshots,
  // A batch locks its models in key order up front (see `lockModels`).
  async applyBatch(trx, events) {
    await lockModels(
      trx,
      events.map((event) => favoriteOf(event).modelId),
    );
    await snapshots.applyBatch!(trx, events);
  },
  async rebuild(trx) {
    const written = await snapshots.rebuild(trx);
    await copyAllFromState(trx, 'favorite_view');
    return written;
  },
};
