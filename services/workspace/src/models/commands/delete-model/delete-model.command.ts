import { Command } from '@nestjs/cqrs';
import { ModelChange } from '../create-model/create-model.command';

export class DeleteModelCommand extends Command<ModelChange> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
