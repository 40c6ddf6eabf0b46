import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { StoreConnection } from '@kiln/contracts';
import { CLOCK, Clock } from '@kiln/service-kit';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { STORE_CONNECTIONS, StoreConnections } from '../../ports/store-connections.port';
import { connectionFor, presentConnection } from '../../store-connection-access';
import { RemoveStoreConnectionCommand } from './remove-store-connection.command';

/** Removes a connection the caller may change; the orders it made stay, with their origin. */
@CommandHandler(RemoveStoreConnectionCommand)
export class RemoveStoreConnectionHandler implements ICommandHandler<RemoveStoreConnectionCommand, StoreConnection> {
  constructor(
    @Inject(STORE_CONNECTIONS) private readonly connections: StoreConnections,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, id }: RemoveStoreConnectionCommand): Promise<StoreConnection> {
    const row = await connectionFor(this.connections, this.access, actorId, id, 'change');
    await this.connections.remove(row.id, this.clock.now());
    return presentConnection(row, (await this.connections.waitingCounts([row.id])).get(row.id) ?? 0);
  }
}
