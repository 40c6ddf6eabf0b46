import { Query } from '@nestjs/cqrs';
import { EnvironmentMap } from '@kiln/contracts';

export class GetEnvironmentMapQuery extends Query<EnvironmentMap> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
