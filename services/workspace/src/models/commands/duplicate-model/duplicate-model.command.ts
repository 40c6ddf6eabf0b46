import { Command } from '@nestjs/cqrs';
import { ModelChange } from '../create-model/create-model.command';

/** PATCH /api/workspace/model/duplicate/{id}: a copy in the caller's personal scope. */
export class DuplicateModelCommand extends Command<ModelChange> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    /** The copy's name; '(Duplicate) ' + the model's name when left out. */
    readonly name: string | undefined,
  ) {
    super();
  }
}
