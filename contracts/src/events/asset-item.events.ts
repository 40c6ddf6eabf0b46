import { z } from 'zod';
import { AssetItemSnapshot } from '../workspace/asset-items';
import { envelope } from './envelope';

/** Facts of the images, vector graphics and 3D objects (spec 001 §3; ADR 0052): the item's state after the change, `kind` inside. */
export const AssetItemCreatedV1 = envelope('workspace.asset-item.created.v1', z.object({ item: AssetItemSnapshot }));
export const AssetItemRenamedV1 = envelope('workspace.asset-item.renamed.v1', z.object({ item: AssetItemSnapshot, previousName: z.string() }));
export const AssetItemPreviewChangedV1 = envelope('workspace.asset-item.preview-changed.v1', z.object({ item: AssetItemSnapshot }));
export const AssetItemDeletedV1 = envelope('workspace.asset-item.deleted.v1', z.object({ item: AssetItemSnapshot }));

export const AssetItemEvents = {
  'workspace.asset-item.created.v1': AssetItemCreatedV1,
  'workspace.asset-item.renamed.v1': AssetItemRenamedV1,
  'workspace.asset-item.preview-changed.v1': AssetItemPreviewChangedV1,
  'workspace.asset-item.deleted.v1': AssetItemDeletedV1,
} as const;

export const ASSET_ITEM_EVENT_DESCRIPTIONS: Record<keyof typeof AssetItemEvents, string> = {
  'workspace.asset-item.created.v1': 'A user added an uploaded file to the images, vector graphics or 3D objects (`item.kind`) of a scope.',
  'workspace.asset-item.renamed.v1': 'An image, vector graphic or 3D object got a new name (its extension kept).',
  'workspace.asset-item.preview-changed.v1':
    'The assets service finished the derived files of the item’s media (`item.preview`: ready with the files made, or failed with why).',
  'workspace.asset-item.deleted.v1': 'An image, vector graphic or 3D object was deleted; `data.item` is its last state.',
};
