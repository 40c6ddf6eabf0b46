import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TEXTURE_MAP_SLOTS } from '@kiln/contracts';
import { assertMayCreateCommunityItem, DomainError, TEAM_MESSAGES, TextureAggregate } from '@kiln/domain';
import { Clock, CLOCK, newId } from '@kiln/service-kit';
import { ASSET_MEDIA, AssetMedia } from '../../../asset-items/ports/asset-media.port';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { callersFiles } from '../../community-files';
import { TEXTURE_REPOSITORY, TextureRepository } from '../../ports/texture.repository.port';
import { CreateTextureCommand, TextureChange } from './create-texture.command';

/** POST /api/workspace/texture: a texture in the caller's scope, its maps and preview the caller's own uploads (ADR 0061). */
@CommandHandler(CreateTextureCommand)
export class CreateTextureHandler implements ICommandHandler<CreateTextureCommand, TextureChange> {
  constructor(
    @Inject(TEXTURE_REPOSITORY) private readonly textures: TextureRepository,
    @Inject(ASSET_MEDIA) private readonly media: AssetMedia,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, body }: CreateTextureCommand): Promise<TextureChange> {
    const { teamId = null, projectId = null, ...fields } = body;
    const actor = { userId: actorId, teamRole: teamId ? await this.teamRoles.roleOf(teamId, actorId) : null };
    assertMayCreateCommunityItem(actor, { teamId, projectId });
    if (projectId && teamId && !(await this.teamRoles.projectBelongsTo(projectId, teamId))) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    // The fields' own rules first (a dry run, without the files), so a wrong name is told before any upload is looked up.
    TextureAggregate.create({ id: '', actor, teamId, projectId, fields, now: this.clock.now() });
    const files = await callersFiles(this.media, actorId, [
      { path: 'previewId', id: fields.previewId, kind: 'texture' },
      ...TEXTURE_MAP_SLOTS.map((slot) => ({ path: slot, id: fields[slot], kind: 'texture' as const })),
    ]);
    const now = this.clock.now();
    const texture = TextureAggregate.create({ id: newId(now), actor, teamId, projectId, fields, files, now });
    const eventIds = await this.textures.save(texture, { actorId, occurredAt: now });
    return { texture: texture.snapshot(), eventIds };
  }
}
