import { AssetItem, AssetItemKind, AssetItemSnapshot, MediaPreview, TeamRole } from '@kiln/contracts';
import { AssetItemState } from '@kiln/domain';
import type { Selectable } from 'kysely';
import { WorkspaceDatabase } from '../../database.types';

/** A row of `asset_items` (`asset_item_view` has the same columns plus `deleted_at`). */
export type AssetItemRow = Selectable<WorkspaceDatabase['asset_items']>;

const iso = (value: Date | string) => new Date(value).toISOString();
/** jsonb comes back parsed (a text value is read as JSON too). */
const previewOf = (value: unknown): MediaPreview => (typeof value === 'string' ? JSON.parse(value) : value) as MediaPreview;

export function rowToState(row: AssetItemRow): AssetItemState {
  return {
    id: row.id,
    kind: row.kind as AssetItemKind,
    name: row.name,
    mediaId: row.media_id,
    media: { name: row.media_name, mimetype: row.media_mimetype, size: Number(row.media_size) },
    authorId: row.author_id,
    teamId: row.team_id,
    projectId: row.project_id,
    preview: previewOf(row.preview),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    version: row.version,
  };
}

export function stateToRow(state: AssetItemState | AssetItemSnapshot): AssetItemRow {
  return {
    id: state.id,
    kind: state.kind,
    name: state.name,
    media_id: state.mediaId,
    media_name: state.media.name,
    media_mimetype: state.media.mimetype,
    media_size: state.media.size,
    author_id: state.authorId,
    team_id: state.teamId,
    project_id: state.projectId,
    preview: state.preview,
    created_at: new Date(state.createdAt),
    updated_at: new Date(state.updatedAt),
    version: state.version,
  };
}

/** An item as the API answers it, with the caller's team role (null in the personal scope). */
export function rowToAssetItem(row: AssetItemRow, userRole: TeamRole | null): AssetItem {
  return {
    id: row.id,
    kind: row.kind as AssetItemKind,
    name: row.name,
    mediaId: row.media_id,
    media: { name: row.media_name, mimetype: row.media_mimetype, size: Number(row.media_size) },
    authorId: row.author_id,
    teamId: row.team_id,
    projectId: row.project_id,
    preview: previewOf(row.preview),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
    userRole,
  };
}
