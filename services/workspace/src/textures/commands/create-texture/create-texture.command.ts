import { Command } from '@nestjs/cqrs';
import { CreateTextureBody } from '@kiln/contracts';
import { TextureState } from '@kiln/domain';

/** What a texture command committed: the texture's state after it, and the events it wrote. */
export interface TextureChange {
  texture: TextureState;
  eventIds: string[];
}

export class CreateTextureCommand extends Command<TextureChange> {
  constructor(
    readonly actorId: string,
    readonly body: CreateTextureBody,
  ) {
    super();
  }
}
