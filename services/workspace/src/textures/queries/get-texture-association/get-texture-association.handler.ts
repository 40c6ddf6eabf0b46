import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { TextureAssociation } from '@kiln/contracts';
import { PgTextureReadModel } from '../../adapters/pg-texture.read-model';
import { GetTextureAssociationQuery } from './get-texture-association.query';

/** GET /api/workspace/texture-association/{id}: one association of a library the caller reads, with its texture. */
@QueryHandler(GetTextureAssociationQuery)
export class GetTextureAssociationHandler implements IQueryHandler<GetTextureAssociationQuery, TextureAssociation> {
  constructor(private readonly readModel: PgTextureReadModel) {}

  execute({ actorId, id }: GetTextureAssociationQuery): Promise<TextureAssociation> {
    return this.readModel.getAssociation(actorId, id);
  }
}
