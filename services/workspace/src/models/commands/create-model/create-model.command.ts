import { Command } from '@nestjs/cqrs';
import { CreateModelBody } from '@kiln/contracts';

export interface CommandOutcome {
  id: string;
  eventIds: string[];
}

export class CreateModelCommand extends Command<CommandOutcome> {
  constructor(
    readonly actorId: string,
    readonly body: CreateModelBody,
  ) {
    super();
  }
}
