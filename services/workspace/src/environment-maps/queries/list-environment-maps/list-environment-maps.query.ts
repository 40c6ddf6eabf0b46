import { Query } from '@nestjs/cqrs';
import { EnvironmentMapList, ListEnvironmentMapsQuery as ListParams } from '@kiln/contracts';

/** A scope's scenes, or (where.public true) the community's; 20 a page. */
export class ListEnvironmentMapsQuery extends Query<EnvironmentMapList> {
  constructor(
    readonly actorId: string,
    readonly params: ListParams,
  ) {
    super();
  }
}
