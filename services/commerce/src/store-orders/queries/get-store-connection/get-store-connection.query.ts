import { Query } from '@nestjs/cqrs';
import { StoreConnection } from '@kiln/contracts';

/** One store connection, without its secret (ADR 0060). */
export class GetStoreConnectionQuery extends Query<StoreConnection> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
