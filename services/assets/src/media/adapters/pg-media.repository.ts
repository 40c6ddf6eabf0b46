import { Inject, Injectable } from '@nestjs/common';
import { Media, RegisterMediaBody } from '@kiln/contracts';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { mediaKey } from '../ports/media-files.port';
import { MediaRepository } from '../ports/media.repository.port';

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

/** `assets.media` in Postgres. */
@Injectable()
export class PgMediaRepository implements MediaRepository {
  constructor(@Inject(DB) private readonly db: Kysely<{ media: Omit<MediaRow, 'created_at'> & { created_at: import('kysely').Generated<Date> } }>) {}

  async record(authorId: string, media: RegisterMediaBody, moveIntoPlace: () => Promise<void>): Promise<Media> {
    // Shaped before the move: once the transaction commits, nothing may fail (a failure removes the file).
    return this.db.transaction().execute(async (trx) => {
      const inserted = (await trx
        .withSchema('assets')
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
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as MediaRow;
      const answer = toMedia(inserted);
      await moveIntoPlace();
      return answer;
    });
  }

  async byId(id: string): Promise<Media | null> {
    const row = (await this.db.withSchema('assets').selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst()) as MediaRow | undefined;
    return row ? toMedia(row) : null;
  }
}
