import { Command } from '@nestjs/cqrs';
import { CreatedStoreConnection, CreateStoreConnectionBody } from '@kiln/contracts';

/** Connect an outside store (ADR 0060): answered with its secret, this once. */
export class CreateStoreConnectionCommand extends Command<CreatedStoreConnection> {
  constructor(
    readonly actorId: string,
    readonly body: CreateStoreConnectionBody,
  ) {
    super();
  }
}
