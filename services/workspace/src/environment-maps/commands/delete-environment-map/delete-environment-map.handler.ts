import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, CLOCK } from '@kiln/service-kit';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { loadEnvironmentMap } from '../../load-environment-map';
import { ENVIRONMENT_MAP_REPOSITORY, EnvironmentMapRepository } from '../../ports/environment-map.repository.port';
import { EnvironmentMapChange } from '../create-environment-map/create-environment-map.command';
import { DeleteEnvironmentMapCommand } from './delete-environment-map.command';

/** DELETE /api/workspace/environment-map/{id}: its author, within 24 hours of publishing when public (403 after; ADR 0061). */
@CommandHandler(DeleteEnvironmentMapCommand)
export class DeleteEnvironmentMapHandler implements ICommandHandler<DeleteEnvironmentMapCommand, EnvironmentMapChange> {
  constructor(
    @Inject(ENVIRONMENT_MAP_REPOSITORY) private readonly maps: EnvironmentMapRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, id }: DeleteEnvironmentMapCommand): Promise<EnvironmentMapChange> {
    const { map, actor } = await loadEnvironmentMap(this.maps, this.teamRoles, actorId, id);
    const now = this.clock.now();
    map.delete(actor, now);
    const eventIds = await this.maps.save(map, { actorId, occurredAt: now });
    return { environmentMap: map.snapshot(), eventIds };
  }
}
