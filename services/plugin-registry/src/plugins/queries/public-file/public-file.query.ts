import { Query } from '@nestjs/cqrs';
import { PublicFile } from '@kiln/contracts';

/** The public read API (no caller): one file of a published version, as its manifest lists it. */
export class PublicFileQuery extends Query<PublicFile> {
  constructor(
    readonly packageId: string,
    readonly version: string,
    readonly path: string,
  ) {
    super();
  }
}
