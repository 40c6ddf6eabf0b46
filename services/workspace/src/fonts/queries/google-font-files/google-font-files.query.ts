import { Query } from '@nestjs/cqrs';
import { AddGoogleFontsBody, GoogleFontFile } from '@kiln/contracts';

export class GoogleFontFilesOfQuery extends Query<GoogleFontFile[]> {
  constructor(
    readonly actorId: string,
    readonly params: AddGoogleFontsBody,
  ) {
    super();
  }
}
