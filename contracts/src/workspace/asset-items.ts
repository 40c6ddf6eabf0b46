import { z } from 'zod';
import { MediaLookupBody, MediaPreview } from '../assets/media';
import { passThrough, rpc, withActor } from '../common/contract-builders';
import { Id, Text, Timestamp } from '../common/ids';
import { jsonParam, limitUpTo, listOf, Skip } from '../common/list';
import { LIST_LIMIT_MAX } from '../common/page-sizes';
import type { HttpRoute } from '../http';
import { TeamRole } from './team';
import {
  ASSET_FILE_VARIANTS,
  ASSET_ITEM_KINDS,
  ASSET_ITEM_MESSAGES,
  ASSET_ITEM_NAME_MAX_LENGTH,
  ASSET_ITEM_PAGE_SIZE,
  ASSET_ITEM_ROUTE_SEGMENTS,
  ASSET_ITEM_SORT_FIELDS,
  AssetItemKind,
} from './asset-item.constants';

export * from './asset-item.constants';

/**
 * The asset libraries of images, vector graphics and 3D objects (spec 001 §2, §3, §5, §7; ADR 0052): one
 * item per uploaded media, in the personal, team or project scope, told apart by `kind`.
 */
export const AssetItemKindSchema = z.enum(ASSET_ITEM_KINDS);

/** What the item shows of its media (spec 001 §3: "media (name, mimetype, size)"). */
export const AssetItemMedia = z.object({ name: z.string(), mimetype: z.string(), size: z.number().int() });
export type AssetItemMedia = z.infer<typeof AssetItemMedia>;

/** The state of an item after a change, as its events carry it (ids, names and times). */
export const AssetItemSnapshot = z.object({
  id: Id,
  kind: AssetItemKindSchema,
  /** The file's name, its extension included ("chair.stl"); a rename keeps the extension (spec 001 §5). */
  name: z.string(),
  mediaId: Id,
  media: AssetItemMedia,
  authorId: Id,
  teamId: Id.nullable(),
  projectId: Id.nullable(),
  /**
   * What the assets service derived from the media (ADR 0053): `pending` until processed, then which files
   * exist (thumbnail, view, svg) or why none could be made. It follows the media (ADR 0052).
   */
  preview: MediaPreview,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type AssetItemSnapshot = z.infer<typeof AssetItemSnapshot>;

/**
 * An image, vector graphic or 3D object (spec 001 §3). `userRole` is the caller's team role (null in the
 * personal scope, where the caller is the author). Its files are served by
 * `GET /api/workspace/<segment>/{id}/file/<variant>` (a derived one answers 404 until it is made).
 */
export const AssetItem = AssetItemSnapshot.extend({
  userRole: TeamRole.nullable().optional(),
});
export type AssetItem = z.infer<typeof AssetItem>;

const AssetItemName = Text(ASSET_ITEM_NAME_MAX_LENGTH, ASSET_ITEM_MESSAGES.nameTooLong);

/**
 * POST /api/workspace/{image|resource-svg|object-3-d}: one uploaded media (`POST /api/upload` with the
 * library's repo) becomes one item, named after the file. Several files: one call each (ADR 0052).
 */
export const CreateAssetItemBody = z.strictObject({
  mediaId: Id,
  teamId: Id.nullish(),
  projectId: Id.nullish(),
});
export type CreateAssetItemBody = z.infer<typeof CreateAssetItemBody>;

/**
 * PATCH /api/workspace/{image|resource-svg|object-3-d}/{id}: `name` is the name without its extension, as
 * the rename dialog shows it; the service trims it and keeps the item's extension (the rule is the
 * domain's `renamedAssetItem`, spec 001 §5).
 */
export const RenameAssetItemBody = z.strictObject({ name: AssetItemName });
export type RenameAssetItemBody = z.infer<typeof RenameAssetItemBody>;

export const AssetItemSort = z
  .string()
  .regex(/^(createdAt|updatedAt|name) (ASC|DESC|asc|desc)$/, 'sort must be "<createdAt|updatedAt|name> <ASC|DESC>".')
  .transform((value) => {
    const [field, direction] = value.split(' ');
    return { field: field as (typeof ASSET_ITEM_SORT_FIELDS)[number], direction: direction.toLowerCase() as 'asc' | 'desc' };
  });

export const AssetItemWhere = z.strictObject({
  name: z.strictObject({ contains: Text(200) }).optional(),
  teamId: Id.nullable().optional(),
  projectId: Id.nullable().optional(),
});
export type AssetItemWhere = z.infer<typeof AssetItemWhere>;

/** GET /api/workspace/{image|resource-svg|object-3-d} query string (where, sort, limit, skip); 20 a page by default. */
export const ListAssetItemsQuery = z.strictObject({
  where: jsonParam(AssetItemWhere).optional(),
  sort: jsonParam(AssetItemSort).optional(),
  skip: Skip,
  limit: limitUpTo(LIST_LIMIT_MAX, ASSET_ITEM_PAGE_SIZE),
});
export type ListAssetItemsQuery = z.infer<typeof ListAssetItemsQuery>;
export type ListAssetItemsQueryInput = z.input<typeof ListAssetItemsQuery>;

export const AssetItemList = listOf(AssetItem);
export type AssetItemList = z.infer<typeof AssetItemList>;

export const AssetItemIdParams = z.strictObject({ id: Id });
export const AssetFileVariantSchema = z.enum(ASSET_FILE_VARIANTS);
export const AssetItemFileParams = z.strictObject({ id: Id, variant: AssetFileVariantSchema });

const KindBody = z.object({ kind: AssetItemKindSchema });
const KindIdBody = KindBody.extend({ id: z.string() });

/** The workspace's NATS requests for the items (`rpc.workspace.asset-item.*`); spread into WorkspaceRpc. */
export const AssetItemRpc = {
  createAssetItem: rpc('rpc.workspace.asset-item.create', withActor(CreateAssetItemBody.extend({ kind: AssetItemKindSchema })), AssetItem),
  listAssetItems: rpc('rpc.workspace.asset-item.list', withActor(ListAssetItemsQuery.extend({ kind: AssetItemKindSchema })), AssetItemList),
  /** One item the caller may see (404 otherwise); the BFF's file routes and other services (a model's source) ask it too. */
  getAssetItem: rpc('rpc.workspace.asset-item.get', withActor(KindIdBody), AssetItem),
  renameAssetItem: rpc('rpc.workspace.asset-item.rename', withActor(KindIdBody.extend({ changes: RenameAssetItemBody })), AssetItem),
  deleteAssetItem: rpc('rpc.workspace.asset-item.delete', withActor(KindIdBody), AssetItem),
  /**
   * Which of these media are the files of library items (images, vector graphics, 3D objects, fonts) the caller
   * may see: the BFF's `GET /api/media/{id}` and `POST /api/media/` ask it before the assets service answers.
   */
  readableMedia: rpc('rpc.workspace.media.readable', withActor(MediaLookupBody), z.object({ ids: z.array(Id) })),
} as const;

const WHAT = { image: 'an image', vector: 'a vector graphic', object3d: 'a 3D object' } as const satisfies Record<AssetItemKind, string>;
const LIST = { image: 'images', vector: 'vector graphics', object3d: '3D objects' } as const satisfies Record<AssetItemKind, string>;

function routesOf<K extends AssetItemKind>(kind: K) {
  const base = `/api/workspace/${ASSET_ITEM_ROUTE_SEGMENTS[kind]}`;
  return {
    create: passThrough({
      method: 'post',
      path: base,
      summary: `Add ${WHAT[kind]} from an uploaded file of mine (personal, team or project scope)`,
      auth: true,
      body: CreateAssetItemBody,
      response: AssetItem,
      status: 201,
      rpc: AssetItemRpc.createAssetItem,
      toRpc: ({ actor, body }) => ({ actor, body: { ...body, kind } }),
    }),
    list: passThrough({
      method: 'get',
      path: base,
      summary: `List and search the ${LIST[kind]} of a scope (20 a page)`,
      auth: true,
      query: ListAssetItemsQuery,
      response: AssetItemList,
      rpc: AssetItemRpc.listAssetItems,
      toRpc: ({ actor, query }) => ({ actor, body: { ...query, kind } }),
    }),
    get: passThrough({
      method: 'get',
      path: `${base}/{id}`,
      summary: `One of the ${LIST[kind]} I may see`,
      auth: true,
      params: AssetItemIdParams,
      response: AssetItem,
      rpc: AssetItemRpc.getAssetItem,
      toRpc: ({ actor, params }) => ({ actor, body: { kind, id: params.id } }),
    }),
    rename: passThrough({
      method: 'patch',
      path: `${base}/{id}`,
      summary: `Rename ${WHAT[kind]}: the name without extension; the extension is kept`,
      auth: true,
      params: AssetItemIdParams,
      body: RenameAssetItemBody,
      response: AssetItem,
      rpc: AssetItemRpc.renameAssetItem,
      toRpc: ({ actor, params, body }) => ({ actor, body: { kind, id: params.id, changes: body } }),
    }),
    delete: passThrough({
      method: 'delete',
      path: `${base}/{id}`,
      summary: `Delete ${WHAT[kind]}`,
      auth: true,
      params: AssetItemIdParams,
      response: AssetItem,
      rpc: AssetItemRpc.deleteAssetItem,
      toRpc: ({ actor, params }) => ({ actor, body: { kind, id: params.id } }),
    }),
    /** Hand-written in the BFF (bff/src/asset-items/asset-item-files.ts): raw bytes, not JSON. */
    file: {
      method: 'get',
      path: `${base}/{id}/file/{variant}`,
      summary:
        `A file of ${WHAT[kind]} I may see: original (as an attachment), thumbnail (PNG), view (glb, 3D objects), svg (sanitised); ` +
        'nosniff and a sandboxing CSP; 404 while a derived file is not made yet (ADR 0052)',
      auth: true,
      params: AssetItemFileParams,
      response: z.string().describe("the file's bytes"),
    } satisfies HttpRoute,
  };
}

const image = routesOf('image');
const vector = routesOf('vector');
const object3d = routesOf('object3d');

/** Spec 001 §7 "Images, 3D objects, vector graphics"; spread into HttpRoutes. `/{id}/file/{variant}` is the BFF's own. */
export const AssetItemHttpRoutes = {
  createImage: image.create,
  listImages: image.list,
  getImage: image.get,
  renameImage: image.rename,
  deleteImage: image.delete,
  imageFile: image.file,
  createVectorGraphic: vector.create,
  listVectorGraphics: vector.list,
  getVectorGraphic: vector.get,
  renameVectorGraphic: vector.rename,
  deleteVectorGraphic: vector.delete,
  vectorGraphicFile: vector.file,
  createObject3d: object3d.create,
  listObjects3d: object3d.list,
  getObject3d: object3d.get,
  renameObject3d: object3d.rename,
  deleteObject3d: object3d.delete,
  object3dFile: object3d.file,
} satisfies Record<string, HttpRoute>;
