import { Query } from '@nestjs/cqrs';
import { ComponentUsage } from '@kiln/contracts';

export class GetComponentUsageQuery extends Query<ComponentUsage> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
