import { Query } from '@nestjs/cqrs';
import { FontFamilyList, ListFontsQuery } from '@kiln/contracts';

export class ListFontFamiliesQuery extends Query<FontFamilyList> {
  constructor(
    readonly actorId: string,
    readonly params: ListFontsQuery,
  ) {
    super();
  }
}
