import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, CLOCK } from '@kiln/service-kit';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { COMMUNITY_MODERATORS, CommunityModerators } from '../../../textures/ports/moderators.port';
import { loadEnvironmentMap } from '../../load-environment-map';
import { ENVIRONMENT_MAP_REPOSITORY, EnvironmentMapRepository } from '../../ports/environment-map.repository.port';
import { EnvironmentMapChange } from '../create-environment-map/create-environment-map.command';
import { RejectEnvironmentMapCommand } from './reject-environment-map.command';

/** POST /api/workspace/environment-map/{id}/reject: a moderator, within the 24 hours; private again, its author notified (ADR 0061). */
@CommandHandler(RejectEnvironmentMapCommand)
export class RejectEnvironmentMapHandler implements ICommandHandler<RejectEnvironmentMapCommand, EnvironmentMapChange> {
  constructor(
    @Inject(ENVIRONMENT_MAP_REPOSITORY) private readonly maps: EnvironmentMapRepository,
    @Inject(COMMUNITY_MODERATORS) private readonly moderators: CommunityModerators,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, id, reason }: RejectEnvironmentMapCommand): Promise<EnvironmentMapChange> {
    const moderator = await this.moderators.isModerator(actorId);
    const { map, actor } = await loadEnvironmentMap(this.maps, this.teamRoles, actorId, id, moderator);
    const now = this.clock.now();
    map.reject(actor, reason, now);
    const eventIds = await this.maps.save(map, { actorId, occurredAt: now });
    return { environmentMap: map.snapshot(), eventIds };
  }
}
