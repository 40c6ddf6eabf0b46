import { Query } from '@nestjs/cqrs';
import { Service } from '@kiln/contracts';

/** One service (or its `version`), each option naming its materials. */
export class GetServiceQuery extends Query<Service> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly version?: number,
  ) {
    super();
  }
}
