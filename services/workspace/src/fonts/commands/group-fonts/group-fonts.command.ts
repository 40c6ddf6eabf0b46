import { Command } from '@nestjs/cqrs';
import { GroupFontsBody } from '@kiln/contracts';
import { FontChange } from '../create-font/create-font.command';

export class GroupFontsCommand extends Command<FontChange> {
  constructor(
    readonly actorId: string,
    readonly body: GroupFontsBody,
  ) {
    super();
  }
}
