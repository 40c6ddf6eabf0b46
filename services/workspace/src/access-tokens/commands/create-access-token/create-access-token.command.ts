import { Command } from '@nestjs/cqrs';
import { CreateAccessTokenBody, CreatedAccessToken } from '@kiln/contracts';

/** A new personal token, or a team token (`teamId`, owners only); the answer holds its secret, this once. */
export class CreateAccessTokenCommand extends Command<CreatedAccessToken> {
  constructor(
    readonly actorId: string,
    readonly body: CreateAccessTokenBody,
  ) {
    super();
  }
}
