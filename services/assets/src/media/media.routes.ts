import { AssetsRpc, Media, MEDIA_MESSAGES, uploadLimit } from '@kiln/contracts';
import { DomainError, PLUGIN_MESSAGES } from '@kiln/domain';
import { RpcContext, rpcRoute } from '@kiln/service-kit';
import { MEDIA_FILES, MediaFiles, mediaKey } from '../storage/media-files';

/** A zip's first bytes: a local file header, or the end record of an empty archive (as the pipeline reads it). */
const ZIP_MAGIC = [Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from([0x50, 0x4b, 0x05, 0x06])];

interface MediaRow {
  id: string;
  author_id: string;
  repo: string;
  folder: string;
  filename: string;
  mimetype: string;
  encoding: string;
  size: string | number;
  sha256: string;
  created_at: Date;
}

const toMedia = (row: MediaRow): Media => ({
  id: row.id,
  origin: 'upload',
  type: row.repo as Media['type'],
  name: row.filename,
  mimetype: row.mimetype,
  filename: row.filename,
  folder: row.folder,
  path: mediaKey(row.id),
  encoding: row.encoding,
  size: Number(row.size),
  sha256: row.sha256,
  authorId: row.author_id,
  createdAt: row.created_at.toISOString(),
});

const files = (c: RpcContext) => c.get<MediaFiles>(MEDIA_FILES);
const media = (c: RpcContext) => c.runtime.db.withSchema('assets');

/** Refuses an upload: its file is removed, the caller gets `status` with `message`. */
async function refuse(c: RpcContext, id: string, error: DomainError | { statusCode: number; message: string }): Promise<never> {
  await files(c).discardUpload(id);
  throw error;
}

/**
 * Media (ADR 0033). `register`: the BFF streamed a file to `media/<id>.upload` for the caller; it is checked
 * here, where the rules live (the repo's size limit again, a plugin upload must be a .zip by name and by its
 * first bytes), then moved to `media/<id>` and recorded as the caller's. `get`: the caller's own record;
 * anyone else's is 404, so a media id reveals nothing (the plugin registry asks it before attaching a zip).
 */
export const mediaRoutes = [
  rpcRoute({
    rpc: AssetsRpc.registerMedia,
    kind: 'command',
    handle: async ({ actor, body }, c) => {
      const upload = await files(c).inspectUpload(body.id, 4);
      if (!upload || upload.size !== body.size) return refuse(c, body.id, new DomainError('invalid', MEDIA_MESSAGES.incomplete));
      const limit = uploadLimit(body.repo, process.env);
      if (upload.size > limit) return refuse(c, body.id, { statusCode: 413, message: MEDIA_MESSAGES.tooLarge(limit) });
      if (body.repo === 'plugin' && (!/\.zip$/i.test(body.filename) || !ZIP_MAGIC.some((magic) => upload.head.equals(magic)))) {
        return refuse(c, body.id, new DomainError('invalid', PLUGIN_MESSAGES.zipOnly, [{ path: 'file', message: PLUGIN_MESSAGES.zipOnly }]));
      }
      let moved = false;
      const row = await c.runtime.db.transaction().execute(async (trx) => {
        const inserted = (await trx
          .withSchema('assets')
          .insertInto('media')
          .values({ id: body.id, author_id: actor.userId, repo: body.repo, folder: body.folder, filename: body.filename, mimetype: body.mimetype, encoding: body.encoding, size: body.size, sha256: body.sha256 })
          .returningAll()
          .executeTakeFirstOrThrow()) as MediaRow;
        // Moved inside the transaction: a failed move records nothing.
        await files(c).accept(body.id);
        moved = true;
        return inserted;
      }).catch(async (error) => {
        // Nothing recorded: nothing kept (moved, or still waiting as an upload).
        await (moved ? files(c).remove(body.id) : files(c).discardUpload(body.id));
        throw error;
      });
      return toMedia(row);
    },
  }),
  rpcRoute({
    rpc: AssetsRpc.getMedia,
    kind: 'query',
    handle: async ({ actor, body }, c) => {
      const row = (await media(c).selectFrom('media').selectAll().where('id', '=', body.id).executeTakeFirst()) as MediaRow | undefined;
      if (!row || row.author_id !== actor.userId) throw new DomainError('not-found', MEDIA_MESSAGES.notFound);
      return toMedia(row);
    },
  }),
];
