import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Order, STORE_MESSAGES } from '@kiln/contracts';
import { decideCreate, DomainError, orderFromStoreLine, OrderFields } from '@kiln/domain';
import { CLOCK, Clock, newId } from '@kiln/service-kit';
import { RECORD_STORE, RecordStore } from '../../../business-records/ports/record-store.port';
import { RecordChange } from '../../../business-records/record-type';
import { orderType } from '../../../orders/order-type';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { mappableCatalogItem } from '../../mappable-catalog-item';
import { LineNoLongerWaiting, STORE_CONNECTIONS, StoreConnections } from '../../ports/store-connections.port';
import { connectionFor } from '../../store-connection-access';
import { CreateOrderFromStoreCommand } from './create-order-from-store.command';

/**
 * A kept line becomes the order it would have been (ADR 0060), made by the seller who asks (owner or editor of
 * the connection's workspace): 409 while its SKU maps to no live catalog item, 409 once it was ordered. The line
 * turns `ordered` in the order's transaction, so two clicks make one order.
 */
@CommandHandler(CreateOrderFromStoreCommand)
export class CreateOrderFromStoreHandler implements ICommandHandler<CreateOrderFromStoreCommand, RecordChange<Order>> {
  constructor(
    @Inject(STORE_CONNECTIONS) private readonly connections: StoreConnections,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, connectionId, entryId }: CreateOrderFromStoreCommand): Promise<RecordChange<Order>> {
    const connection = await connectionFor(this.connections, this.access, actorId, connectionId, 'change');
    const line = /^[0-9a-f]{24}$/.test(entryId) ? await this.connections.line(connection.id, entryId) : null;
    if (!line) throw new DomainError('not-found', STORE_MESSAGES.entryNotFound);
    if (line.status !== 'needsMapping') throw new DomainError('conflict', STORE_MESSAGES.entryAlreadyOrdered);
    const scope = { ownerId: connection.ownerId, teamId: connection.teamId, projectId: connection.projectId };
    const itemId = (await this.connections.mappingsFor(connection.id, [line.sku])).get(line.sku);
    const item = itemId ? await mappableCatalogItem(this.store, scope, itemId) : null;
    if (!item) throw new DomainError('conflict', STORE_MESSAGES.entryNeedsMapping);

    const at = this.clock.now();
    const orderId = newId(at);
    const fact = decideCreate(orderType.rules, orderFromStoreLine(line.line, item), actorId, at).fact;
    try {
      const written = await this.store.append<OrderFields>(orderType, { id: orderId, current: null, scope }, [fact], { actorId, occurredAt: at }, (trx) =>
        this.connections.markOrdered(trx, line.id, orderId),
      );
      return { record: orderType.present(written.state), eventIds: written.eventIds };
    } catch (error) {
      if (error instanceof LineNoLongerWaiting) throw new DomainError('conflict', STORE_MESSAGES.entryAlreadyOrdered);
      throw error;
    }
  }
}
