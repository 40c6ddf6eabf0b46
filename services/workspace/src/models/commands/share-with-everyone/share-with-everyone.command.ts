import { Command } from '@nestjs/cqrs';
import { ShareAs } from '@kiln/domain';
import { ModelChange } from '../create-model/create-model.command';

/** PATCH /api/workspace/model/share-with-everyone/{id}: the 'Everyone' link access. */
export class ShareWithEveryoneCommand extends Command<ModelChange> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly shareAs: ShareAs,
  ) {
    super();
  }
}
