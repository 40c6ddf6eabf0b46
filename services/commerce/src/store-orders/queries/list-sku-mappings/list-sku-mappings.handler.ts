import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SkuMappingList } from '@kiln/contracts';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { SkuMappingRow, STORE_CONNECTIONS, StoreConnections } from '../../ports/store-connections.port';
import { connectionFor } from '../../store-connection-access';
import { ListSkuMappingsQuery } from './list-sku-mappings.query';

/** The mappings as the contract reads them (an item removed since shows an empty name). */
export const presentMappings = (rows: SkuMappingRow[]): SkuMappingList => ({
  data: rows.map((r) => ({ sku: r.sku, catalogItemId: r.catalogItemId, catalogItemName: r.catalogItemName ?? '', updatedAt: r.updatedAt.toISOString() })),
});

@QueryHandler(ListSkuMappingsQuery)
export class ListSkuMappingsHandler implements IQueryHandler<ListSkuMappingsQuery, SkuMappingList> {
  constructor(
    @Inject(STORE_CONNECTIONS) private readonly connections: StoreConnections,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
  ) {}

  async execute({ actorId, connectionId }: ListSkuMappingsQuery): Promise<SkuMappingList> {
    const connection = await connectionFor(this.connections, this.access, actorId, connectionId, 'read');
    return presentMappings(await this.connections.mappings(connection.id));
  }
}
