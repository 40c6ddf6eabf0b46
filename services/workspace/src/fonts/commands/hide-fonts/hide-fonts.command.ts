import { Command } from '@nestjs/cqrs';
import { HideFontsBody } from '@kiln/contracts';
import { FontChange } from '../create-font/create-font.command';

export class HideFontsCommand extends Command<FontChange> {
  constructor(
    readonly actorId: string,
    readonly body: HideFontsBody,
  ) {
    super();
  }
}
