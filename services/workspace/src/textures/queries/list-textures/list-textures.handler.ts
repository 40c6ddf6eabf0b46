import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { TextureList } from '@kiln/contracts';
import { PgTextureReadModel } from '../../adapters/pg-texture.read-model';
import { ListTexturesQuery } from './list-textures.query';

/** GET /api/workspace/texture ('Uploaded') and /api/workspace/texture/community. */
@QueryHandler(ListTexturesQuery)
export class ListTexturesHandler implements IQueryHandler<ListTexturesQuery, TextureList> {
  constructor(private readonly readModel: PgTextureReadModel) {}

  execute({ actorId, params, community }: ListTexturesQuery): Promise<TextureList> {
    return community ? this.readModel.community(actorId, params) : this.readModel.list(actorId, params);
  }
}
