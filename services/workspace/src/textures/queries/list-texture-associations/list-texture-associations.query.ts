import { Query } from '@nestjs/cqrs';
import { ListTextureAssociationsQuery as ListParams, TextureAssociationList } from '@kiln/contracts';

export class ListTextureAssociationsQuery extends Query<TextureAssociationList> {
  constructor(
    readonly actorId: string,
    readonly params: ListParams,
  ) {
    super();
  }
}
