import { Command } from '@nestjs/cqrs';
import { CreateEnvironmentMapBody } from '@kiln/contracts';
import { EnvironmentMapState } from '@kiln/domain';

/** What a scene command committed: the scene's state after it, and the events it wrote. */
export interface EnvironmentMapChange {
  environmentMap: EnvironmentMapState;
  eventIds: string[];
}

export class CreateEnvironmentMapCommand extends Command<EnvironmentMapChange> {
  constructor(
    readonly actorId: string,
    readonly body: CreateEnvironmentMapBody,
  ) {
    super();
  }
}
