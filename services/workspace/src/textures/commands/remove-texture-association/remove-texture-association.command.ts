import { Command } from '@nestjs/cqrs';
import { TextureAssociationChange } from '../add-texture-association/add-texture-association.command';

export class RemoveTextureAssociationCommand extends Command<TextureAssociationChange> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
