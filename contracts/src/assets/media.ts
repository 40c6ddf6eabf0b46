import { z } from 'zod';
import { Actor } from '../common/errors';
import { Id, Text, Timestamp } from '../common/ids';
import type { HttpRoute } from '../http';
import { UPLOAD_CONTENT_MESSAGES, UPLOAD_KIND_RULES, UPLOAD_KINDS, UploadKind } from './upload-kinds';
import { fileTooLarge } from './upload-texts';
import { FONT_ORIGINS, GOOGLE_FONT_FILE_MAX_BYTES } from '../workspace/font.constants';

export * from './upload-kinds';
export * from './storage-settings';
export * from './upload-texts';

/**
 * Uploaded files (spec 001 §3 "Media", §7 "Uploads and media"), owned by the assets service. The BFF
 * streams a multipart upload into storage and asks the assets service to register it (ADR 0033); a media
 * record belongs to its uploader. The repos are the kinds of upload (ADR 0050): `plugin` (.zip), plain
 * `media`, and the libraries' `font`, `vector`, `image` and `object3d`.
 */
export const UPLOAD_REPOS = UPLOAD_KINDS;
export const UploadRepo = z.enum(UPLOAD_REPOS);
export type UploadRepo = UploadKind;

/** Largest upload per repo (bytes) unless `KILN_UPLOAD_MAX_BYTES_<REPO>` says otherwise (both the BFF and the assets service read it). */
export const UPLOAD_MAX_BYTES = Object.fromEntries(UPLOAD_KINDS.map((kind) => [kind, UPLOAD_KIND_RULES[kind].maxBytes])) as Record<UploadRepo, number>;

export function uploadLimit(repo: UploadRepo, env: Record<string, string | undefined>): number {
  const value = Number(env[`KILN_UPLOAD_MAX_BYTES_${repo.toUpperCase()}`]);
  return Number.isInteger(value) && value > 0 ? value : UPLOAD_MAX_BYTES[repo];
}

/**
 * Where a media file came from (spec 001 §3): a person's `upload`, or a `google` font the BFF fetched from the
 * public fonts service (exempt from the 3 MB font limit, spec 001 §5; bounded by GOOGLE_FONT_FILE_MAX_BYTES).
 * Only fonts come from elsewhere, so the fonts' origins are the media's.
 */
export const MediaOrigin = z.enum(FONT_ORIGINS);
export type MediaOrigin = z.infer<typeof MediaOrigin>;

/** The limit a file is held to: its repo's, except a Google font's. */
export function mediaLimit(repo: UploadRepo, origin: MediaOrigin, env: Record<string, string | undefined>): number {
  return origin === 'google' && repo === 'font' ? GOOGLE_FONT_FILE_MAX_BYTES : uploadLimit(repo, env);
}

export const MEDIA_MESSAGES = {
  notFound: "Media doesn't exist",
  tooLarge: fileTooLarge,
  noFile: 'Choose a file to upload.',
  oneFile: 'Upload one file at a time.',
  tooManyFiles: (max: number) => `Upload at most ${max} files at once.`,
  requestTooLarge: (files: number, limit: number) =>
    `The upload is larger than ${files} files of the limit of ${Math.floor(limit / (1024 * 1024)) || 1} MB each.`,
  ...UPLOAD_CONTENT_MESSAGES,
  incomplete: 'The upload did not arrive whole. Please try again.',
  storageUnavailable: 'The files cannot be stored right now. Please try again in a moment.',
  badFolder: 'The folder may hold only letters, digits, @, _ and -, in parts separated by / (240 characters at most).',
  unknownRepo: `The repo must be one of: ${UPLOAD_REPOS.join(', ')}.`,
  nameTooLong: 'The file name is too long: 255 characters at most.',
  unknownField: 'Send only the file (in the field `file`), `folder` and `repo`.',
} as const;

/** `year_month`, or `pluginId/version` with dots as underscores: no dots at all, so never `..`. */
export const UploadFolder = z
  .string(MEDIA_MESSAGES.badFolder)
  .regex(/^[A-Za-z0-9@_-]+(\/[A-Za-z0-9@_-]+)*$/, MEDIA_MESSAGES.badFolder)
  .max(240, MEDIA_MESSAGES.badFolder);
/** `folder` and `repo`, as query parameters or as fields before the file; every refusal a sentence (zod's own words are not for people). */
export const UploadQuery = z.strictObject(
  { folder: UploadFolder.optional(), repo: z.enum(UPLOAD_REPOS, MEDIA_MESSAGES.unknownRepo).optional() },
  MEDIA_MESSAGES.unknownField,
);
export type UploadQuery = z.infer<typeof UploadQuery>;

/**
 * What the assets service derived from a file (ADR 0053): a PNG thumbnail (images, vector graphics, 3D
 * objects), the 3D viewer's GLB (3D objects, every format), a sanitised SVG (an svg, or a dxf's drawing).
 * `pending` until processed; `failed` with a sentence for people saying why. Kinds without previews
 * (plugins, plain media, fonts) are `ready` with nothing derived.
 */
export const MEDIA_PREVIEW_STATUSES = ['pending', 'ready', 'failed'] as const;
export const MediaPreview = z.object({
  status: z.enum(MEDIA_PREVIEW_STATUSES),
  /** Why it failed, for people. */
  message: z.string().optional(),
  /** `media/<id>.thumb.png` exists (max 512 px). */
  thumbnail: z.boolean(),
  /** `media/<id>.view.glb` exists (3D objects). */
  view: z.boolean(),
  /** `media/<id>.safe.svg` exists (svg sanitised, dxf drawn). */
  svg: z.boolean(),
  /** Pixels of an image after its EXIF orientation; a vector drawing's size in its own units. */
  width: z.number().optional(),
  height: z.number().optional(),
  /** A 3D object's bounding box in mm (model units taken as mm). */
  size3d: z.object({ x: z.number(), y: z.number(), z: z.number() }).optional(),
});
export type MediaPreview = z.infer<typeof MediaPreview>;

/** The largest 3D file processed, the time and memory a conversion may take, the pixels an image may have (ADR 0053). */
export const MEDIA_PROCESSING_LIMITS = {
  thumbnailPixels: 512,
  maxInputPixels: 100_000_000,
  workerTimeoutMs: 120_000,
  workerMemoryMb: 1536,
  /** Triangles drawn in a 3D thumbnail; above it, every n-th. */
  thumbnailTriangles: 400_000,
} as const;

/** Why a file could not be previewed: sentences for people (ADR 0053). */
export const MEDIA_PREVIEW_MESSAGES = {
  unreadableImage: 'This image cannot be read: the file is damaged or not an image.',
  tooManyPixels: (max: number) => `This image is too large to preview: it has more than ${max.toLocaleString('en-US')} pixels.`,
  unreadableSvg: 'This SVG cannot be read: the file is not a well-formed SVG drawing.',
  tooDeepSvg: (max: number) => `This SVG is nested too deeply to preview: more than ${max} levels.`,
  unreadableDxf: 'This DXF cannot be read: the file is damaged or not a DXF drawing.',
  emptyDrawing: 'This drawing has nothing to show: it holds no lines, circles or arcs.',
  /** `format` as people name it (STEP, GLB, SVG); `reason` a clause ending with a full stop. */
  unreadableFile: (format: string, reason: string) => `This ${format} file cannot be read: ${reason}`,
  empty3d: (format: string) => `This ${format} file holds no geometry to show.`,
  tooSlow: (format: string, seconds: number) =>
    `This ${format} file took longer than ${seconds} ${seconds === 1 ? 'second' : 'seconds'} to read, so it was stopped.`,
  tooBig: (format: string) => `This ${format} file needs more memory to read than a preview may take.`,
  missing: 'The file is missing from storage.',
  gaveUp: 'Reading this file stopped its processor several times, so it was given up.',
  unsupported: 'Files of this kind have no preview.',
} as const;

export const Media = z.object({
  id: Id,
  /** Where the file came from (MEDIA_ORIGINS). */
  origin: MediaOrigin,
  /** The repo it was uploaded for (`plugin`, `media`). */
  type: UploadRepo,
  name: z.string(),
  mimetype: z.string(),
  filename: z.string(),
  folder: z.string(),
  /** Its key in storage (`media/<id>`). */
  path: z.string(),
  encoding: z.string(),
  size: z.number().int(),
  /** sha256 of the stored bytes, hex. */
  sha256: z.string(),
  authorId: Id,
  createdAt: Timestamp,
  /** What was derived from the file for viewing (ADR 0053). */
  preview: MediaPreview,
});
export type Media = z.infer<typeof Media>;
export const MediaList = z.array(Media);

/** What the BFF tells the assets service about a file it has streamed into storage (`media/<id>.upload`). */
export const RegisterMediaBody = z.strictObject({
  id: Id,
  repo: UploadRepo,
  folder: z.string().max(240),
  filename: Text(255, MEDIA_MESSAGES.nameTooLong),
  mimetype: Text(255),
  encoding: Text(64),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Only the BFF's own fetch of a Google font says `google`; an upload never does (default `upload`). */
  origin: MediaOrigin.optional(),
});
export type RegisterMediaBody = z.infer<typeof RegisterMediaBody>;

/** Media records one `POST /api/media/` may ask for (ours; ADR 0052). */
export const MEDIA_LOOKUP_MAX = 100;
/** `POST /api/media/`: the records of several media at once, in the order asked; those the caller may not read are left out. */
export const MediaLookupBody = z.strictObject({ ids: z.array(Id).min(1).max(MEDIA_LOOKUP_MAX) });
export type MediaLookupBody = z.infer<typeof MediaLookupBody>;

const rpc = <Req extends z.ZodTypeAny, Rep extends z.ZodTypeAny>(subject: string, request: Req, reply: Rep) => ({ subject, request, reply });
const withActor = <B extends z.ZodTypeAny>(body: B) => z.object({ actor: Actor, body });

/** The assets service's NATS requests (`rpc.assets.*`); each carries the caller. */
export const AssetsRpc = {
  /** Checks the streamed file (size, kind), moves it into place and records it for the caller. */
  registerMedia: rpc('rpc.assets.media.register', withActor(RegisterMediaBody), Media),
  /** The caller's own media record; anyone else's is 404. Other services ask it too (assign-zip-file). */
  getMedia: rpc('rpc.assets.media.get', withActor(z.object({ id: z.string() })), Media),
  /**
   * The records among `ids` the caller may read: their own, and those `readable` names — the media of library
   * items the caller may see, as the workspace answered the BFF (`readableMedia`). In the order asked.
   */
  getMediaRecords: rpc(
    'rpc.assets.media.get-many',
    withActor(z.object({ ids: z.array(Id).max(MEDIA_LOOKUP_MAX), readable: z.array(Id).max(MEDIA_LOOKUP_MAX) })),
    MediaList,
  ),
} as const;

/** Spec 001 §7 "Uploads and media"; spread into HttpRoutes. */
export const AssetsHttpRoutes = {
  /** Hand-written in the BFF (bff/src/uploads): a streamed multipart body, not JSON. */
  upload: {
    method: 'post',
    path: '/api/upload',
    summary:
      'Upload files (multipart field `file`, repeated for several where the repo allows it; `folder` and `repo` as query parameters or ' +
      "fields before the files). Answers the list of new media. Over the repo's limit: 413; a name or content not of the repo's kind: " +
      '415; nothing stored (ADR 0050).',
    auth: true,
    query: UploadQuery,
    multipart: { field: 'file', maxBytes: UPLOAD_MAX_BYTES.plugin },
    response: MediaList,
    status: 201,
  } satisfies HttpRoute,
  /** Hand-written in the BFF (bff/src/uploads/media-records.controller.ts): the workspace and the assets service both answer. */
  getMedia: {
    method: 'get',
    path: '/api/media/{id}',
    summary:
      "A media record: one of my uploads, or the file of a library item I may see (an image, vector graphic, 3D object or font of my team's); " +
      'anyone else gets 404 (ADR 0052)',
    auth: true,
    params: z.strictObject({ id: Id }),
    response: Media,
  } satisfies HttpRoute,
  /**
   * Hand-written in the BFF, as getMedia: the bytes of a texture's map or preview image, or a scene's environment
   * image (repos `texture` and `exr`, ADR 0061), to whoever may read the record. Files of other repos have their
   * own routes (a library item's file, a font, a model's geometry), never this one.
   */
  getMediaFile: {
    method: 'get',
    path: '/api/media/{id}/file',
    summary: 'The file of a texture map, texture or scene preview, or scene environment image I may read; anyone else gets 404',
    auth: true,
    params: z.strictObject({ id: Id }),
    response: z.string().describe("the file's bytes"),
  } satisfies HttpRoute,
  /** Hand-written in the BFF, as getMedia. */
  lookupMedia: {
    method: 'post',
    path: '/api/media/',
    summary: `Several media records at once (up to ${MEDIA_LOOKUP_MAX}), in the order asked; those I may not read are left out`,
    auth: true,
    body: MediaLookupBody,
    response: MediaList,
  } satisfies HttpRoute,
};
