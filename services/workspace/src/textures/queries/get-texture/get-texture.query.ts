import { Query } from '@nestjs/cqrs';
import { Texture } from '@kiln/contracts';

export class GetTextureQuery extends Query<Texture> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
