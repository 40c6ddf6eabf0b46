import { Query } from '@nestjs/cqrs';
import { Media } from '@kiln/contracts';

/** The caller's own media record. */
export class GetMediaQuery extends Query<Media> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
