import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EnvironmentMap } from '@kiln/contracts';
import { PgEnvironmentMapReadModel } from '../../adapters/pg-environment-map.read-model';
import { GetEnvironmentMapQuery } from './get-environment-map.query';

/** GET /api/workspace/environment-map/{id}: one scene the caller may read; 404 otherwise. */
@QueryHandler(GetEnvironmentMapQuery)
export class GetEnvironmentMapHandler implements IQueryHandler<GetEnvironmentMapQuery, EnvironmentMap> {
  constructor(private readonly readModel: PgEnvironmentMapReadModel) {}

  execute({ actorId, id }: GetEnvironmentMapQuery): Promise<EnvironmentMap> {
    return this.readModel.get(actorId, id);
  }
}
