import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { TextureAssociationList } from '@kiln/contracts';
import { PgTextureReadModel } from '../../adapters/pg-texture.read-model';
import { ListTextureAssociationsQuery } from './list-texture-associations.query';

/** GET /api/workspace/texture-association: the community textures a scope added ('Community textures'). */
@QueryHandler(ListTextureAssociationsQuery)
export class ListTextureAssociationsHandler implements IQueryHandler<ListTextureAssociationsQuery, TextureAssociationList> {
  constructor(private readonly readModel: PgTextureReadModel) {}

  execute({ actorId, params }: ListTextureAssociationsQuery): Promise<TextureAssociationList> {
    return this.readModel.associations(actorId, params);
  }
}
