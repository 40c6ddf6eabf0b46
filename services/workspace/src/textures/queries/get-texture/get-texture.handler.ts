import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Texture } from '@kiln/contracts';
import { PgTextureReadModel } from '../../adapters/pg-texture.read-model';
import { GetTextureQuery } from './get-texture.query';

/** One texture the caller may read (its scope's, or a community texture); 404 otherwise. */
@QueryHandler(GetTextureQuery)
export class GetTextureHandler implements IQueryHandler<GetTextureQuery, Texture> {
  constructor(private readonly readModel: PgTextureReadModel) {}

  execute({ actorId, id }: GetTextureQuery): Promise<Texture> {
    return this.readModel.get(actorId, id);
  }
}
