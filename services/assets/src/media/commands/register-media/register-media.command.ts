import { Command } from '@nestjs/cqrs';
import { Media, RegisterMediaBody } from '@kiln/contracts';

/** The BFF streamed a file to `media/<id>.upload` for the caller: check it, move it into place, record it. */
export class RegisterMediaCommand extends Command<Media> {
  constructor(
    readonly actorId: string,
    readonly media: RegisterMediaBody,
  ) {
    super();
  }
}
