import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DistinctTags } from '@kiln/contracts';
import { PgEnvironmentMapReadModel } from '../../adapters/pg-environment-map.read-model';
import { EnvironmentMapTagsQuery } from './environment-map-tags.query';

/** GET /api/workspace/distinct/environment-map/tags. */
@QueryHandler(EnvironmentMapTagsQuery)
export class EnvironmentMapTagsHandler implements IQueryHandler<EnvironmentMapTagsQuery, DistinctTags> {
  constructor(private readonly readModel: PgEnvironmentMapReadModel) {}

  execute({ actorId, params }: EnvironmentMapTagsQuery): Promise<DistinctTags> {
    return this.readModel.tags(actorId, params);
  }
}
