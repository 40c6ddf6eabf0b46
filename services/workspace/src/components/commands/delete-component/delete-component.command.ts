import { Command } from '@nestjs/cqrs';
import { ComponentChange } from '../create-component/create-component.command';

export class DeleteComponentCommand extends Command<ComponentChange> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
