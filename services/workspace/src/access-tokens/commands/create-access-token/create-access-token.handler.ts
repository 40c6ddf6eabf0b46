import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CreatedAccessToken } from '@kiln/contracts';
import { checkMayManageTeamTokens, checkNewAccessToken } from '@kiln/domain';
import { Clock, CLOCK, newId } from '@kiln/service-kit';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { hashAccessTokenSecret, newAccessTokenSecret } from '../../access-token-secret';
import { presentAccessToken } from '../../adapters/access-token-rows';
import { ACCESS_TOKEN_REPOSITORY, AccessTokenRepository, StoredAccessToken } from '../../ports/access-token.repository.port';
import { CreateAccessTokenCommand } from './create-access-token.command';

@CommandHandler(CreateAccessTokenCommand)
export class CreateAccessTokenHandler implements ICommandHandler<CreateAccessTokenCommand, CreatedAccessToken> {
  constructor(
    @Inject(ACCESS_TOKEN_REPOSITORY) private readonly tokens: AccessTokenRepository,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, body }: CreateAccessTokenCommand): Promise<CreatedAccessToken> {
    const teamId = body.teamId ?? null;
    if (teamId !== null) checkMayManageTeamTokens(await this.teamRoles.roleOf(teamId, actorId));
    const now = this.clock.now();
    const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
    const names = await this.tokens.namesOf({ userId: actorId, teamId });
    const { name, scopes } = checkNewAccessToken({ name: body.name, scopes: body.scopes, expiresAt }, now, { names, count: names.length });
    const { secret, hint } = newAccessTokenSecret(teamId !== null);
    const token: StoredAccessToken = {
      id: newId(now),
      tokenHash: hashAccessTokenSecret(secret),
      hint,
      userId: actorId,
      teamId,
      name,
      scopes,
      createdAt: now,
      expiresAt,
      lastUsedAt: null,
    };
    await this.tokens.insert(token);
    return { token: presentAccessToken(token), secret };
  }
}
