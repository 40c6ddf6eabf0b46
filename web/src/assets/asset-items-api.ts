import type { AssetItem, AssetItemList, AssetItemWhere, CreateAssetItemBody } from '@kiln/contracts';
import { ASSET_ITEM_PAGE_SIZE, ASSET_ITEM_ROUTE_SEGMENTS, type AssetFileVariant, type AssetItemKind } from '@kiln/contracts/constants';
import { request } from '../api/client';

/** Where a library looks and a new item goes: personal (nothing), a team, or a team's project. */
export interface AssetScope {
  teamId?: string;
  projectId?: string;
}

const base = (kind: AssetItemKind) => `/api/workspace/${ASSET_ITEM_ROUTE_SEGMENTS[kind]}`;
const at = (kind: AssetItemKind, id: string) => `${base(kind)}/${encodeURIComponent(id)}`;

/** A file of an item the BFF serves (ADR 0052): the original, its PNG preview, the viewer's glb, the sanitised svg. */
export const assetFileUrl = (kind: AssetItemKind, id: string, variant: AssetFileVariant) => `${at(kind, id)}/file/${variant}`;

/** The calls of spec 001 §7 for images (/api/workspace/image), 3D objects (object-3-d) and vector graphics (resource-svg). */
export const assetItemsApi = {
  /** One page of a scope, newest change first (the service's order), 20 at a time (spec 001 §9). */
  list: (kind: AssetItemKind, { skip, scope = {}, limit = ASSET_ITEM_PAGE_SIZE }: { skip: number; scope?: AssetScope; limit?: number }) => {
    const where: AssetItemWhere = {
      ...(scope.teamId ? { teamId: scope.teamId } : {}),
      ...(scope.teamId && scope.projectId ? { projectId: scope.projectId } : {}),
    };
    return request<AssetItemList>('GET', base(kind), {
      query: { where: Object.keys(where).length ? JSON.stringify(where) : undefined, skip, limit },
    });
  },
  /** After POST /api/upload: the stored media becomes an item of the library, named after its file. */
  create: (kind: AssetItemKind, mediaId: string, scope: AssetScope = {}) => {
    const body: CreateAssetItemBody = {
      mediaId,
      ...(scope.teamId ? { teamId: scope.teamId } : {}),
      ...(scope.projectId ? { projectId: scope.projectId } : {}),
    };
    return request<AssetItem>('POST', base(kind), { body });
  },
  /** `name` without its extension; the service trims it and keeps the extension (spec 001 §5). */
  rename: (kind: AssetItemKind, id: string, name: string) => request<AssetItem>('PATCH', at(kind, id), { body: { name } }),
  remove: (kind: AssetItemKind, id: string) => request<AssetItem>('DELETE', at(kind, id)),
};
