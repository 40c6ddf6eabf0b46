import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EnvironmentMapList } from '@kiln/contracts';
import { PgEnvironmentMapReadModel } from '../../adapters/pg-environment-map.read-model';
import { ListEnvironmentMapsQuery } from './list-environment-maps.query';

/** GET /api/workspace/environment-map. */
@QueryHandler(ListEnvironmentMapsQuery)
export class ListEnvironmentMapsHandler implements IQueryHandler<ListEnvironmentMapsQuery, EnvironmentMapList> {
  constructor(private readonly readModel: PgEnvironmentMapReadModel) {}

  execute({ actorId, params }: ListEnvironmentMapsQuery): Promise<EnvironmentMapList> {
    return this.readModel.list(actorId, params);
  }
}
