import { Command } from '@nestjs/cqrs';
import { ShareChange } from '../../sharing-change';

/** DELETE /api/workspace/shared-model/{id}: the owner removes the person, or the person leaves. */
export class RemoveShareCommand extends Command<ShareChange> {
  constructor(
    readonly actorId: string,
    readonly shareId: string,
  ) {
    super();
  }
}
