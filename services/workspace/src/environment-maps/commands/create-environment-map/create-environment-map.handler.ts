import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { assertMayCreateCommunityItem, DomainError, EnvironmentMapAggregate, TEAM_MESSAGES } from '@kiln/domain';
import { Clock, CLOCK, newId } from '@kiln/service-kit';
import { ASSET_MEDIA, AssetMedia } from '../../../asset-items/ports/asset-media.port';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { callersFiles } from '../../../textures/community-files';
import { ENVIRONMENT_MAP_REPOSITORY, EnvironmentMapRepository } from '../../ports/environment-map.repository.port';
import { CreateEnvironmentMapCommand, EnvironmentMapChange } from './create-environment-map.command';

/** POST /api/workspace/environment-map: a scene from the caller's own .exr upload (and preview), in their scope (ADR 0061). */
@CommandHandler(CreateEnvironmentMapCommand)
export class CreateEnvironmentMapHandler implements ICommandHandler<CreateEnvironmentMapCommand, EnvironmentMapChange> {
  constructor(
    @Inject(ENVIRONMENT_MAP_REPOSITORY) private readonly maps: EnvironmentMapRepository,
    @Inject(ASSET_MEDIA) private readonly media: AssetMedia,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, body }: CreateEnvironmentMapCommand): Promise<EnvironmentMapChange> {
    const { teamId = null, projectId = null, ...fields } = body;
    const actor = { userId: actorId, teamRole: teamId ? await this.teamRoles.roleOf(teamId, actorId) : null };
    assertMayCreateCommunityItem(actor, { teamId, projectId });
    if (projectId && teamId && !(await this.teamRoles.projectBelongsTo(projectId, teamId))) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    // The fields' own rules first (a dry run, without the files), so a wrong name is told before any upload is looked up.
    EnvironmentMapAggregate.create({ id: '', actor, teamId, projectId, fields, now: this.clock.now() });
    const files = await callersFiles(this.media, actorId, [
      { path: 'envMapId', id: fields.envMapId, kind: 'exr' },
      { path: 'previewId', id: fields.previewId, kind: 'texture' },
    ]);
    const now = this.clock.now();
    const map = EnvironmentMapAggregate.create({ id: newId(now), actor, teamId, projectId, fields, files, now });
    const eventIds = await this.maps.save(map, { actorId, occurredAt: now });
    return { environmentMap: map.snapshot(), eventIds };
  }
}
