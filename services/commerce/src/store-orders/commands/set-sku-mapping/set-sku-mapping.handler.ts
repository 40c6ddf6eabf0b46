import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SkuMappingList, STORE_MAPPINGS_MAX, STORE_MESSAGES } from '@kiln/contracts';
import { catalogRules, DomainError, skuOf } from '@kiln/domain';
import { CLOCK, Clock } from '@kiln/service-kit';
import { RECORD_STORE, RecordStore } from '../../../business-records/ports/record-store.port';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { catalogItemType } from '../../../catalog/catalog-item-type';
import { mappableCatalogItem } from '../../mappable-catalog-item';
import { STORE_CONNECTIONS, StoreConnections } from '../../ports/store-connections.port';
import { connectionFor } from '../../store-connection-access';
import { presentMappings } from '../../queries/list-sku-mappings/list-sku-mappings.handler';
import { SetSkuMappingCommand } from './set-sku-mapping.command';

/**
 * Maps a SKU to a live catalog item of the connection's own workspace (404 for an item the caller cannot see or
 * that is gone; 400 for another workspace's), or forgets it. Lines already waiting stay waiting: the seller turns
 * each into an order (create-order-from-store).
 */
@CommandHandler(SetSkuMappingCommand)
export class SetSkuMappingHandler implements ICommandHandler<SetSkuMappingCommand, SkuMappingList> {
  constructor(
    @Inject(STORE_CONNECTIONS) private readonly connections: StoreConnections,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, connectionId, mapping }: SetSkuMappingCommand): Promise<SkuMappingList> {
    const connection = await connectionFor(this.connections, this.access, actorId, connectionId, 'change');
    const sku = skuOf(mapping.sku);
    if (mapping.catalogItemId !== null) {
      const item = await mappableCatalogItem(this.store, connection, mapping.catalogItemId);
      if (!item) {
        const exists = /^[0-9a-f]{24}$/.test(mapping.catalogItemId) ? await this.store.load(catalogItemType, mapping.catalogItemId) : null;
        // Another workspace's item the caller may see: said so; one they may not see stays unknown.
        if (exists && !exists.deleted && (await this.access.rightOn(actorId, exists)) !== 'none') throw new DomainError('invalid', STORE_MESSAGES.mappingScope);
        throw new DomainError('not-found', catalogRules.notFound);
      }
      const existing = await this.connections.mappingsFor(connection.id, [sku]);
      if (!existing.has(sku) && (await this.connections.mappingCount(connection.id)) >= STORE_MAPPINGS_MAX) {
        throw new DomainError('invalid', STORE_MESSAGES.tooManyMappings);
      }
    }
    await this.connections.setMapping(connection.id, sku, mapping.catalogItemId, this.clock.now());
    return presentMappings(await this.connections.mappings(connection.id));
  }
}
