import { Query } from '@nestjs/cqrs';
import { AccessTokenList } from '@kiln/contracts';

/** The caller's personal tokens, or (with a team) the team's: owners only. */
export class ListAccessTokensQuery extends Query<AccessTokenList> {
  constructor(
    readonly actorId: string,
    readonly teamId: string | null,
  ) {
    super();
  }
}
