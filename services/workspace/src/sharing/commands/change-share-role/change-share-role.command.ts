import { Command } from '@nestjs/cqrs';
import { ShareChange } from '../../sharing-change';

/** PATCH /api/workspace/shared-model/{id}: the model's owner changes the role of a share. */
export class ChangeShareRoleCommand extends Command<ShareChange> {
  constructor(
    readonly actorId: string,
    readonly shareId: string,
    readonly role: string,
  ) {
    super();
  }
}
