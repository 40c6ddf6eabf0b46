import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AccessToken } from '@kiln/contracts';
import { ACCESS_TOKEN_MESSAGES, checkMayManageTeamTokens, DomainError } from '@kiln/domain';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { presentAccessToken } from '../../adapters/access-token-rows';
import { ACCESS_TOKEN_REPOSITORY, AccessTokenRepository } from '../../ports/access-token.repository.port';
import { RevokeAccessTokenCommand } from './revoke-access-token.command';

/** Deletes the token and answers the key every BFF instance knows it by, so each forgets it before the answer. */
@CommandHandler(RevokeAccessTokenCommand)
export class RevokeAccessTokenHandler implements ICommandHandler<RevokeAccessTokenCommand, { token: AccessToken; key: string }> {
  constructor(
    @Inject(ACCESS_TOKEN_REPOSITORY) private readonly tokens: AccessTokenRepository,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, id }: RevokeAccessTokenCommand): Promise<{ token: AccessToken; key: string }> {
    const token = await this.tokens.findById(id);
    const notFound = new DomainError('not-found', ACCESS_TOKEN_MESSAGES.notFound);
    if (!token) throw notFound;
    if (token.teamId === null) {
      // Someone else's personal token: as if there were none.
      if (token.userId !== actorId) throw notFound;
    } else {
      const role = await this.teamRoles.roleOf(token.teamId, actorId);
      if (role === null) throw notFound;
      checkMayManageTeamTokens(role);
    }
    if (!(await this.tokens.delete(id))) throw notFound;
    return { token: presentAccessToken(token), key: token.tokenHash };
  }
}
