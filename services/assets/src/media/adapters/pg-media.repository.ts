import { Inject, Injectable } from '@nestjs/common';
import { Media, MediaPreview, RegisterMediaBody, UploadKind } from '@kiln/contracts';
import { appendToOutbox, DB } from '@kiln/service-kit';
import { Generated, Kysely, sql, Transaction } from 'kysely';
import { mediaKey } from '../ports/media-files.port';
import { ClaimedMedia, MediaRepository } from '../ports/media.repository.port';
import { hasPreview } from '../media-kinds';

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
  origin: Media['origin'];
  created_at: Date;
  preview_status: MediaPreview['status'];
  preview_message: string | null;
  preview_thumbnail: boolean;
  preview_view: boolean;
  preview_svg: boolean;
  preview_width: number | null;
  preview_height: number | null;
  size3d_x: number | null;
  size3d_y: number | null;
  size3d_z: number | null;
  preview_attempts: number;
  preview_claimed_by: string | null;
  preview_claimed_until: Date | null;
}

type Defaulted = 'created_at' | 'origin' | 'preview_status' | 'preview_thumbnail' | 'preview_view' | 'preview_svg' | 'preview_attempts';
type MediaTable = { [K in keyof MediaRow]: K extends Defaulted ? Generated<MediaRow[K]> : MediaRow[K] };
interface AssetsDatabase {
  media: MediaTable;
}

const SCHEMA = 'assets';

const toPreview = (row: MediaRow): MediaPreview => ({
  status: row.preview_status,
  ...(row.preview_message ? { message: row.preview_message } : {}),
  thumbnail: row.preview_thumbnail,
  view: row.preview_view,
  svg: row.preview_svg,
  ...(row.preview_width !== null && row.preview_height !== null ? { width: row.preview_width, height: row.preview_height } : {}),
  ...(row.size3d_x !== null && row.size3d_y !== null && row.size3d_z !== null ? { size3d: { x: row.size3d_x, y: row.size3d_y, z: row.size3d_z } } : {}),
});

const toMedia = (row: MediaRow): Media => ({
  id: row.id,
  origin: row.origin,
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
  preview: toPreview(row),
});

const mediaEvent = (type: 'assets.media.registered.v1' | 'assets.media.processed.v1', media: Media) => ({
  type,
  aggregateType: 'media',
  aggregateId: media.id,
  data: { media },
});

/** `assets.media` in Postgres; each change writes its event to the outbox in the same transaction. */
@Injectable()
export class PgMediaRepository implements MediaRepository {
  constructor(@Inject(DB) private readonly db: Kysely<AssetsDatabase>) {}

  async record(authorId: string, media: RegisterMediaBody, moveIntoPlace: () => Promise<void>): Promise<Media> {
    // Shaped before the move: once the transaction commits, nothing may fail (a failure removes the file).
    return this.db.transaction().execute(async (trx) => {
      const inserted = (await trx
        .withSchema(SCHEMA)
        .insertInto('media')
        .values({
          id: media.id,
          author_id: authorId,
          repo: media.repo,
          folder: media.folder,
          filename: media.filename,
          mimetype: media.mimetype,
          encoding: media.encoding,
          size: media.size,
          sha256: media.sha256,
          origin: media.origin ?? 'upload',
          preview_status: hasPreview(media.repo) ? 'pending' : 'ready',
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as MediaRow;
      const answer = toMedia(inserted);
      await appendToOutbox(trx, SCHEMA, [mediaEvent('assets.media.registered.v1', answer)], { actorId: authorId, occurredAt: inserted.created_at });
      await moveIntoPlace();
      return answer;
    });
  }

  async byId(id: string): Promise<Media | null> {
    const row = (await this.db.withSchema(SCHEMA).selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst()) as MediaRow | undefined;
    return row ? toMedia(row) : null;
  }

  async byIds(ids: string[]): Promise<Media[]> {
    if (ids.length === 0) return [];
    const rows = (await this.db.withSchema(SCHEMA).selectFrom('media').selectAll().where('id', 'in', ids).execute()) as MediaRow[];
    return rows.map(toMedia);
  }

  async claimable(limit: number): Promise<{ id: string; kind: UploadKind }[]> {
    const { rows } = await sql<{ id: string; repo: UploadKind }>`
      SELECT id, repo FROM assets.media
      WHERE preview_status = 'pending' AND (preview_claimed_until IS NULL OR preview_claimed_until < now())
      ORDER BY created_at LIMIT ${limit}`.execute(this.db);
    return rows.map((row) => ({ id: row.id, kind: row.repo }));
  }

  async claim(id: string, owner: string, leaseMs: number): Promise<ClaimedMedia | null> {
    // One row update decides: of two instances, the one whose update matched holds the claim until it ends or its time runs out.
    const { rows } = await sql<MediaRow>`
      UPDATE assets.media
      SET preview_claimed_by = ${owner}, preview_claimed_until = now() + make_interval(secs => ${leaseMs / 1000}),
        preview_attempts = preview_attempts + 1
      WHERE id = ${id} AND preview_status = 'pending' AND (preview_claimed_until IS NULL OR preview_claimed_until < now())
      RETURNING *`.execute(this.db);
    const row = rows[0];
    return row ? { media: toMedia(row), attempts: row.preview_attempts } : null;
  }

  async finish(id: string, owner: string, preview: MediaPreview, causationId: string | null): Promise<Media | null> {
    return this.db.transaction().execute(async (trx: Transaction<AssetsDatabase>) => {
      const row = (await trx
        .withSchema(SCHEMA)
        .updateTable('media')
        .set({
          preview_status: preview.status,
          preview_message: preview.message ?? null,
          preview_thumbnail: preview.thumbnail,
          preview_view: preview.view,
          preview_svg: preview.svg,
          preview_width: preview.width ?? null,
          preview_height: preview.height ?? null,
          size3d_x: preview.size3d?.x ?? null,
          size3d_y: preview.size3d?.y ?? null,
          size3d_z: preview.size3d?.z ?? null,
          preview_claimed_by: null,
          preview_claimed_until: null,
        })
        .where('id', '=', id)
        .where('preview_status', '=', 'pending')
        .where('preview_claimed_by', '=', owner)
        .returningAll()
        .executeTakeFirst()) as MediaRow | undefined;
      if (!row) return null; // Our claim ran out and another instance took it: its answer counts.
      const media = toMedia(row);
      await appendToOutbox(trx, SCHEMA, [mediaEvent('assets.media.processed.v1', media)], { actorId: null, occurredAt: new Date(), causationId });
      return media;
    });
  }

  async release(id: string, owner: string): Promise<void> {
    await sql`UPDATE assets.media SET preview_claimed_by = NULL, preview_claimed_until = NULL
      WHERE id = ${id} AND preview_claimed_by = ${owner} AND preview_status = 'pending'`.execute(this.db);
  }
}
