import { Query } from '@nestjs/cqrs';
import { TextureAssociation } from '@kiln/contracts';

export class GetTextureAssociationQuery extends Query<TextureAssociation> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
