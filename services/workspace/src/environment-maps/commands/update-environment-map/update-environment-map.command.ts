import { Command } from '@nestjs/cqrs';
import { UpdateEnvironmentMapBody } from '@kiln/contracts';
import { EnvironmentMapChange } from '../create-environment-map/create-environment-map.command';

export class UpdateEnvironmentMapCommand extends Command<EnvironmentMapChange> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly changes: UpdateEnvironmentMapBody,
  ) {
    super();
  }
}
