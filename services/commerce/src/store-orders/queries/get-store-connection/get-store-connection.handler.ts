import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { StoreConnection } from '@kiln/contracts';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { STORE_CONNECTIONS, StoreConnections } from '../../ports/store-connections.port';
import { connectionFor, presentConnection } from '../../store-connection-access';
import { GetStoreConnectionQuery } from './get-store-connection.query';

@QueryHandler(GetStoreConnectionQuery)
export class GetStoreConnectionHandler implements IQueryHandler<GetStoreConnectionQuery, StoreConnection> {
  constructor(
    @Inject(STORE_CONNECTIONS) private readonly connections: StoreConnections,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
  ) {}

  async execute({ actorId, id }: GetStoreConnectionQuery): Promise<StoreConnection> {
    const row = await connectionFor(this.connections, this.access, actorId, id, 'read');
    return presentConnection(row, (await this.connections.waitingCounts([row.id])).get(row.id) ?? 0);
  }
}
