import { Command } from '@nestjs/cqrs';
import { UpdateTextureBody } from '@kiln/contracts';
import { TextureChange } from '../create-texture/create-texture.command';

export class UpdateTextureCommand extends Command<TextureChange> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly changes: UpdateTextureBody,
  ) {
    super();
  }
}
