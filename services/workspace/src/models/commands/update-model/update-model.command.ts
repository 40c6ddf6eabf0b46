import { Command } from '@nestjs/cqrs';
import { UpdateModelBody } from '@kiln/contracts';
import { ModelChange } from '../create-model/create-model.command';

export class UpdateModelCommand extends Command<ModelChange> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly changes: UpdateModelBody,
  ) {
    super();
  }
}
