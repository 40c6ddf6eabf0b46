import { Query } from '@nestjs/cqrs';
import { ListTexturesQuery as ListTexturesParams, TextureList } from '@kiln/contracts';

/** A scope's own textures, or (`community`) everyone's public ones; 20 a page. */
export class ListTexturesQuery extends Query<TextureList> {
  constructor(
    readonly actorId: string,
    readonly params: ListTexturesParams,
    readonly community: boolean,
  ) {
    super();
  }
}
