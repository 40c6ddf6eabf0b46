import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Media } from '@kiln/contracts';
import { MEDIA_REPOSITORY, MediaRepository } from '../../ports/media.repository.port';
import { GetMediaRecordsQuery } from './get-media-records.query';

/**
 * The records the caller may read, in the order asked (ADR 0052): their own uploads, and the files of library
 * items they may see (`readable`, which the workspace answered the BFF). The rest are left out, so an id of
 * someone else's file reveals nothing.
 */
@QueryHandler(GetMediaRecordsQuery)
export class GetMediaRecordsHandler implements IQueryHandler<GetMediaRecordsQuery, Media[]> {
  constructor(@Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository) {}

  async execute({ actorId, ids, readable }: GetMediaRecordsQuery): Promise<Media[]> {
    const allowed = new Set(readable);
    const found = new Map((await this.media.byIds([...new Set(ids)])).map((m) => [m.id, m]));
    return [...new Set(ids)].flatMap((id) => {
      const media = found.get(id);
      return media && (media.authorId === actorId || allowed.has(id)) ? [media] : [];
    });
  }
}
