import { Command } from '@nestjs/cqrs';
import { TextureChange } from '../create-texture/create-texture.command';

export class DeleteTextureCommand extends Command<TextureChange> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
