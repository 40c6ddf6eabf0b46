import { Command } from '@nestjs/cqrs';
import { ShareChange } from '../../sharing-change';

/** PATCH /api/workspace/model/share/{id}: share with an e-mail, or change the role of that e-mail's share. */
export class ShareModelCommand extends Command<ShareChange> {
  constructor(
    readonly actorId: string,
    readonly modelId: string,
    readonly email: string,
    readonly role: string,
  ) {
    super();
  }
}
