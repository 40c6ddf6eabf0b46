import { Command } from '@nestjs/cqrs';
import { ModelState } from '@kiln/domain';

export class DeleteModelCommand extends Command<{ model: ModelState; eventIds: string[] }> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
