import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { STORE_CONNECTIONS_MAX, StoreConnectionList } from '@kiln/contracts';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { STORE_CONNECTIONS, StoreConnections } from '../../ports/store-connections.port';
import { presentConnection } from '../../store-connection-access';
import { ListStoreConnectionsQuery } from './list-store-connections.query';

/** My personal connections, or a team's (project's) for its members; a team the caller is not in is unknown (404). */
@QueryHandler(ListStoreConnectionsQuery)
export class ListStoreConnectionsHandler implements IQueryHandler<ListStoreConnectionsQuery, StoreConnectionList> {
  constructor(
    @Inject(STORE_CONNECTIONS) private readonly connections: StoreConnections,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
  ) {}

  async execute({ actorId, where }: ListStoreConnectionsQuery): Promise<StoreConnectionList> {
    const scope = await this.access.scopeForList(actorId, where);
    const rows = await this.connections.list(scope, STORE_CONNECTIONS_MAX);
    const waiting = await this.connections.waitingCounts(rows.map((r) => r.id));
    return { data: rows.map((r) => presentConnection(r, waiting.get(r.id) ?? 0)), total: rows.length };
  }
}
