import { Query } from '@nestjs/cqrs';
import { Font } from '@kiln/contracts';

export class GetFontQuery extends Query<Font> {
  constructor(
    readonly actorId: string,
    readonly params: { id: string },
  ) {
    super();
  }
}
