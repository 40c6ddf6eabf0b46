import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DistinctTags } from '@kiln/contracts';
import { PgTextureReadModel } from '../../adapters/pg-texture.read-model';
import { TextureTagsQuery } from './texture-tags.query';

/** GET /api/workspace/distinct/texture/tags: the tags of a scope's textures, or of the community textures. */
@QueryHandler(TextureTagsQuery)
export class TextureTagsHandler implements IQueryHandler<TextureTagsQuery, DistinctTags> {
  constructor(private readonly readModel: PgTextureReadModel) {}

  execute({ actorId, params }: TextureTagsQuery): Promise<DistinctTags> {
    return this.readModel.tags(actorId, params);
  }
}
