import { Command } from '@nestjs/cqrs';
import { AccessToken } from '@kiln/contracts';

/** Revokes a token: its maker (personal), or any owner of its team (team token). */
export class RevokeAccessTokenCommand extends Command<{ token: AccessToken; key: string }> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
