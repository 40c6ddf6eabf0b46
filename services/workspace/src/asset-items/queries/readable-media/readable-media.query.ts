import { Query } from '@nestjs/cqrs';

/** Which of these media are files of library items the caller may see (ADR 0052: `GET /api/media/{id}`). */
export class ReadableMediaQuery extends Query<{ ids: string[] }> {
  constructor(
    readonly actorId: string,
    readonly mediaIds: string[],
  ) {
    super();
  }
}
