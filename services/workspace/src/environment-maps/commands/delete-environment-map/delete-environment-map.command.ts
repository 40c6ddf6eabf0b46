import { Command } from '@nestjs/cqrs';
import { EnvironmentMapChange } from '../create-environment-map/create-environment-map.command';

export class DeleteEnvironmentMapCommand extends Command<EnvironmentMapChange> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
