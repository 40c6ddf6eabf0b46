import { Command } from '@nestjs/cqrs';
import { DeleteFontsBody } from '@kiln/contracts';
import { FontChange } from '../create-font/create-font.command';

export class DeleteFontsCommand extends Command<FontChange> {
  constructor(
    readonly actorId: string,
    readonly body: DeleteFontsBody,
  ) {
    super();
  }
}
