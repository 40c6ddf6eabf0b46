import { FavoriteSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { snapshotProjection } from '@kiln/service-kit';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

type FavoriteRow = WorkspaceDatabase['favorites'];

/**
 * Builds `favorite_view` from favorite events. A favorite never changes, it is added then removed, so
 * there is no version: a removal writes a tombstone, and an addition is shown only while the favorite is
 * still in the `favorites` state, so an addition delivered late never brings a removed one back.
 * A rebuild copies `favorites`.
 */
export const ProjectFavoritesOnFavoriteEvents = snapshotProjection<FavoriteRow & Record<string, unknown>>({
  name: 'project-favorites-on-favorite-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.favorite.>',
  schema: SCHEMA,
  table: 'favorite_view',
  key: 'id',
  tombstone: 'deleted_at',
  isDeletion: (event) => event.type === 'workspace.favorite.removed.v1',
  async toRow(event, trx) {
    const favorite = (event.data as { favorite: FavoriteSnapshot }).favorite;
    const row = { id: favorite.id, user_id: favorite.userId, model_id: favorite.modelId, created_at: new Date(favorite.createdAt) };
    if (event.type === 'workspace.favorite.removed.v1') return row;
    const live = await trx.withSchema(SCHEMA).selectFrom('favorites').select('id').where('id', '=', favorite.id).executeTakeFirst();
    return live ? row : null;
  },
  source: { table: 'favorites', toRow: (state) => ({ ...state }) },
});
