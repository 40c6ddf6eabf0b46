import { Command } from '@nestjs/cqrs';
import { StoreConnection } from '@kiln/contracts';

/** Disconnect a store (ADR 0060): its endpoint refuses everything from then on. */
export class RemoveStoreConnectionCommand extends Command<StoreConnection> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
