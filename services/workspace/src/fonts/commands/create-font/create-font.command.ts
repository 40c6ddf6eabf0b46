import { Command } from '@nestjs/cqrs';
import { CreateFontBody, FontOrigin } from '@kiln/contracts';
import { FontState } from '@kiln/domain';

/** What a font command committed: the fonts' states after it, the ones refused, and the events it wrote. */
export interface FontChange {
  fonts: FontState[];
  failed: { id: string; message: string }[];
  eventIds: string[];
}

/** An uploaded (or fetched) font file of the caller's becomes a font of the scope. `origin` is the BFF's to say (ADR 0055). */
export class CreateFontCommand extends Command<FontChange> {
  constructor(
    readonly actorId: string,
    readonly body: CreateFontBody & { origin?: FontOrigin },
  ) {
    super();
  }
}
