import { Query } from '@nestjs/cqrs';
import { FontFamily, FontFamilyQuery } from '@kiln/contracts';

export class GetFontFamilyQuery extends Query<FontFamily> {
  constructor(
    readonly actorId: string,
    readonly params: FontFamilyQuery & { slug: string },
  ) {
    super();
  }
}
