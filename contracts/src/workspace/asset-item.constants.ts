/**
 * Plain values of the asset libraries of images, vector graphics and 3D objects (spec 001 §2, §3, §5, §7;
 * ADR 0052), without zod (see `@kiln/contracts/constants`); asset-items.ts re-exports them.
 */

/** The three libraries: each takes the uploads of the same kind (`UPLOAD_KIND_RULES`, ADR 0050). */
export const ASSET_ITEM_KINDS = ['image', 'vector', 'object3d'] as const;
export type AssetItemKind = (typeof ASSET_ITEM_KINDS)[number];

/** The path segment of each library's calls (spec 001 §7): `/api/workspace/<segment>`. */
export const ASSET_ITEM_ROUTE_SEGMENTS = {
  image: 'image',
  vector: 'resource-svg',
  object3d: 'object-3-d',
} as const satisfies Record<AssetItemKind, string>;

/** The live channel of each library (spec 001 §4 "images, 3D objects, vector graphics"), named after its calls. */
export const ASSET_ITEM_CHANNELS = {
  image: 'workspace-image',
  vector: 'workspace-resource-svg',
  object3d: 'workspace-object-3-d',
} as const satisfies Record<AssetItemKind, string>;

/** Images, vector graphics and 3D objects are listed 20 at a time; a page of exactly 20 means there may be more (spec 001 §9). */
export const ASSET_ITEM_PAGE_SIZE = 20;
/** The longest name of an item, its extension included; the spec names none (ADR 0052). */
export const ASSET_ITEM_NAME_MAX_LENGTH = 255;
export const ASSET_ITEM_SORT_FIELDS = ['createdAt', 'updatedAt', 'name'] as const;

/**
 * The files of an item the BFF serves (`GET /api/workspace/<segment>/{id}/file/<variant>`): the upload
 * itself (always as an attachment), its PNG preview, the 3D viewer's glb, the sanitised SVG.
 */
export const ASSET_FILE_VARIANTS = ['original', 'thumbnail', 'view', 'svg'] as const;
export type AssetFileVariant = (typeof ASSET_FILE_VARIANTS)[number];

/**
 * The type each library's file goes out as, by its extension (the upload's bytes were checked against the
 * extension, ADR 0050; the type a browser sent is not trusted). The item's `media.mimetype` and the BFF's
 * `Content-Type` of an original both come from here.
 */
export const ASSET_CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  dxf: 'image/vnd.dxf',
  glb: 'model/gltf-binary',
  obj: 'model/obj',
  stl: 'model/stl',
  '3ds': 'application/x-3ds',
  '3dm': 'model/vnd.3dm',
  step: 'model/step',
  stp: 'model/step',
  iges: 'model/iges',
  igs: 'model/iges',
};

/** The type of a file by its name's extension; `application/octet-stream` when it is none of the libraries'. */
export function assetContentType(filename: string): string {
  const dot = filename.lastIndexOf('.');
  const extension = dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
  return Object.hasOwn(ASSET_CONTENT_TYPES, extension) ? ASSET_CONTENT_TYPES[extension]! : 'application/octet-stream';
}

/** The empty texts of the lists (spec 001 §2), by kind. */
export const ASSET_ITEM_EMPTY_TEXTS = {
  image: 'You don’t have images',
  vector: 'You don’t have Vector Graphics',
  object3d: 'You don’t have 3d Objects',
} as const satisfies Record<AssetItemKind, string>;

/** The service's sentences about the items (ADR 0052). */
export const ASSET_ITEM_MESSAGES = {
  notFound: {
    image: 'Image not found.',
    vector: 'Vector graphic not found.',
    object3d: '3D object not found.',
  } as const satisfies Record<AssetItemKind, string>,
  noChange: 'You may not change the assets of this team.',
  noRead: 'You may not see the assets of this team.',
  projectNeedsTeam: 'A project asset needs its team.',
  nameTooLong: `The name must be at most ${ASSET_ITEM_NAME_MAX_LENGTH} characters.`,
  /** The media is another kind of upload than the library takes. */
  wrongKind: (label: string) => `This file was not uploaded as one of the ${label}: upload it to this library again.`,
  /** A media becomes one item only. */
  mediaTaken: 'This file is already in a library.',
  mediaNotFound: 'The uploaded file was not found. Upload it again.',
  /** A derived file (preview, viewer file, sanitised SVG) that is not made yet, or not made for this kind. */
  fileNotReady: 'This file is not ready yet. Try again in a moment.',
  fileNone: 'This item has no such file.',
} as const;
