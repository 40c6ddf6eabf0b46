import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AccessTokenList } from '@kiln/contracts';
import { checkMayManageTeamTokens } from '@kiln/domain';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { ACCESS_TOKEN_READ_MODEL, AccessTokenReadModel } from '../../ports/access-token.repository.port';
import { ListAccessTokensQuery } from './list-access-tokens.query';

@QueryHandler(ListAccessTokensQuery)
export class ListAccessTokensHandler implements IQueryHandler<ListAccessTokensQuery, AccessTokenList> {
  constructor(
    @Inject(ACCESS_TOKEN_READ_MODEL) private readonly tokens: AccessTokenReadModel,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, teamId }: ListAccessTokensQuery): Promise<AccessTokenList> {
    if (teamId !== null) checkMayManageTeamTokens(await this.teamRoles.roleOf(teamId, actorId));
    const data = await this.tokens.list({ userId: actorId, teamId });
    return { data, total: data.length };
  }
}
