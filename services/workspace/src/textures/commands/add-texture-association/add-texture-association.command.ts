import { Command } from '@nestjs/cqrs';
import { CreateTextureAssociationBody } from '@kiln/contracts';
import { TextureAssociationState } from '@kiln/domain';

/** What an association command committed. */
export interface TextureAssociationChange {
  association: TextureAssociationState;
  eventIds: string[];
}

export class AddTextureAssociationCommand extends Command<TextureAssociationChange> {
  constructor(
    readonly actorId: string,
    readonly body: CreateTextureAssociationBody,
  ) {
    super();
  }
}
