import { AssetItemSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { snapshotProjection } from '@kiln/service-kit';
import { AssetItemRow, stateToRow } from '../adapters/asset-item-row.mapper';
import { SCHEMA } from '../../database.types';

/**
 * Builds `asset_item_view` from the items' events. Snapshots carry a version, so a stale event never wins,
 * and a deletion is kept as a tombstone. A rebuild copies the `asset_items` state table.
 */
export const ProjectAssetItemsOnAssetItemEvents = snapshotProjection<AssetItemRow & Record<string, unknown>>({
  name: 'project-asset-items-on-asset-item-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.asset-item.>',
  schema: SCHEMA,
  table: 'asset_item_view',
  key: 'id',
  version: 'version',
  tombstone: 'deleted_at',
  toRow: (event) => ({ ...stateToRow((event.data as { item: AssetItemSnapshot }).item) }),
  isDeletion: (event) => event.type === 'workspace.asset-item.deleted.v1',
  source: { table: 'asset_items', toRow: (state) => ({ ...state }) },
  rowsFromEvents: true,
});
