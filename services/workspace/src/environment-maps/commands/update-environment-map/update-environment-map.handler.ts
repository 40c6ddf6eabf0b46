import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, CLOCK } from '@kiln/service-kit';
import { ASSET_MEDIA, AssetMedia } from '../../../asset-items/ports/asset-media.port';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { callersFiles } from '../../../textures/community-files';
import { loadEnvironmentMap } from '../../load-environment-map';
import { ENVIRONMENT_MAP_REPOSITORY, EnvironmentMapRepository } from '../../ports/environment-map.repository.port';
import { EnvironmentMapChange } from '../create-environment-map/create-environment-map.command';
import { UpdateEnvironmentMapCommand } from './update-environment-map.command';

/** PATCH /api/workspace/environment-map/{id}: its author, within 24 hours of publishing when public (403 after; ADR 0061). */
@CommandHandler(UpdateEnvironmentMapCommand)
export class UpdateEnvironmentMapHandler implements ICommandHandler<UpdateEnvironmentMapCommand, EnvironmentMapChange> {
  constructor(
    @Inject(ENVIRONMENT_MAP_REPOSITORY) private readonly maps: EnvironmentMapRepository,
    @Inject(ASSET_MEDIA) private readonly media: AssetMedia,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, id, changes }: UpdateEnvironmentMapCommand): Promise<EnvironmentMapChange> {
    const { map, actor } = await loadEnvironmentMap(this.maps, this.teamRoles, actorId, id);
    const now = this.clock.now();
    // Who may is checked before any upload is looked at.
    map.update({}, actor, now);
    const files = await callersFiles(
      this.media,
      actorId,
      [
        { path: 'envMapId', id: changes.envMapId, kind: 'exr' },
        { path: 'previewId', id: changes.previewId, kind: 'texture' },
      ],
      map.snapshot().files,
    );
    map.update(changes, actor, now, files);
    const eventIds = await this.maps.save(map, { actorId, occurredAt: now });
    return { environmentMap: map.snapshot(), eventIds };
  }
}
