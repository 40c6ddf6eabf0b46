import { Query } from '@nestjs/cqrs';
import { FontDescription } from '@kiln/contracts';

/** What the caller's own font file says of itself (family, style, weight, category). */
export class DescribeFontQuery extends Query<FontDescription> {
  constructor(
    readonly actorId: string,
    readonly mediaId: string,
  ) {
    super();
  }
}
