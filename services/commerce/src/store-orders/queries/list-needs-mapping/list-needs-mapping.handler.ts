import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { STORE_NEEDS_MAPPING_PAGE, StoreOrderEntryList } from '@kiln/contracts';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { STORE_CONNECTIONS, StoreConnections } from '../../ports/store-connections.port';
import { connectionFor, presentEntry } from '../../store-connection-access';
import { ListNeedsMappingQuery } from './list-needs-mapping.query';

@QueryHandler(ListNeedsMappingQuery)
export class ListNeedsMappingHandler implements IQueryHandler<ListNeedsMappingQuery, StoreOrderEntryList> {
  constructor(
    @Inject(STORE_CONNECTIONS) private readonly connections: StoreConnections,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
  ) {}

  async execute({ actorId, connectionId }: ListNeedsMappingQuery): Promise<StoreOrderEntryList> {
    const connection = await connectionFor(this.connections, this.access, actorId, connectionId, 'read');
    const { rows, total } = await this.connections.waiting(connection.id, STORE_NEEDS_MAPPING_PAGE);
    return { data: rows.map(presentEntry), total };
  }
}
