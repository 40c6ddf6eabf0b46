import { Query } from '@nestjs/cqrs';
import { StoreConnectionList } from '@kiln/contracts';

/** The store connections of a scope (ADR 0060). */
export class ListStoreConnectionsQuery extends Query<StoreConnectionList> {
  constructor(
    readonly actorId: string,
    readonly where: { teamId?: string | null; projectId?: string | null } | undefined,
  ) {
    super();
  }
}
