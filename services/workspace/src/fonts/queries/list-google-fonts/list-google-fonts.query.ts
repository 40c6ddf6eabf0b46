import { Query } from '@nestjs/cqrs';
import { GoogleFontList, ListGoogleFontsQuery as ListGoogleFontsParams } from '@kiln/contracts';

export class ListGoogleFontsQuery extends Query<GoogleFontList> {
  constructor(
    readonly actorId: string,
    readonly params: ListGoogleFontsParams,
  ) {
    super();
  }
}
