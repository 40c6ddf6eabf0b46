import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Media, MEDIA_MESSAGES } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { MEDIA_REPOSITORY, MediaRepository } from '../../ports/media.repository.port';
import { GetMediaQuery } from './get-media.query';

/** The caller's own record; anyone else's is 404, so a media id reveals nothing (the plugin registry asks it before attaching a zip). */
@QueryHandler(GetMediaQuery)
export class GetMediaHandler implements IQueryHandler<GetMediaQuery, Media> {
  constructor(@Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository) {}

  async execute({ actorId, id }: GetMediaQuery): Promise<Media> {
    const media = await this.media.byId(id);
    if (!media || media.authorId !== actorId) throw new DomainError('not-found', MEDIA_MESSAGES.notFound);
    return media;
  }
}
