import { Command } from '@nestjs/cqrs';
import { CreateComponentBody } from '@kiln/contracts';
import { ComponentState } from '@kiln/domain';

/** What a component command committed: the component's state after it, and the events it wrote. */
export interface ComponentChange {
  component: ComponentState;
  eventIds: string[];
}

export class CreateComponentCommand extends Command<ComponentChange> {
  constructor(
    readonly actorId: string,
    readonly body: CreateComponentBody,
  ) {
    super();
  }
}
