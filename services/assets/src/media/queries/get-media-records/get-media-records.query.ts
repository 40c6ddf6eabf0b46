import { Query } from '@nestjs/cqrs';
import { Media } from '@kiln/contracts';

/** Several media records: the caller's own and those `readable` names (files of library items they may see). */
export class GetMediaRecordsQuery extends Query<Media[]> {
  constructor(
    readonly actorId: string,
    readonly ids: string[],
    readonly readable: string[],
  ) {
    super();
  }
}
