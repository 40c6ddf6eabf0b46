import { Command } from '@nestjs/cqrs';
import { UpdateComponentBody } from '@kiln/contracts';
import { ComponentChange } from '../create-component/create-component.command';

export class UpdateComponentCommand extends Command<ComponentChange> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly changes: UpdateComponentBody,
  ) {
    super();
  }
}
