import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TEXTURE_MAP_SLOTS } from '@kiln/contracts';
import { Clock, CLOCK } from '@kiln/service-kit';
import { ASSET_MEDIA, AssetMedia } from '../../../asset-items/ports/asset-media.port';
import { callersFiles } from '../../community-files';
import { loadTexture } from '../../load-texture';
import { TEXTURE_REPOSITORY, TextureRepository } from '../../ports/texture.repository.port';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { TextureChange } from '../create-texture/create-texture.command';
import { UpdateTextureCommand } from './update-texture.command';

/** PATCH /api/workspace/texture/{id}: its author, within 24 hours of publishing when public (403 after; ADR 0061). */
@CommandHandler(UpdateTextureCommand)
export class UpdateTextureHandler implements ICommandHandler<UpdateTextureCommand, TextureChange> {
  constructor(
    @Inject(TEXTURE_REPOSITORY) private readonly textures: TextureRepository,
    @Inject(ASSET_MEDIA) private readonly media: AssetMedia,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, id, changes }: UpdateTextureCommand): Promise<TextureChange> {
    const { texture, actor } = await loadTexture(this.textures, this.teamRoles, actorId, id);
    const now = this.clock.now();
    // Who may is checked before any upload is looked at (a stranger learns nothing of them).
    texture.update({}, actor, now);
    const files = await callersFiles(
      this.media,
      actorId,
      [
        { path: 'previewId', id: changes.previewId, kind: 'texture' },
        ...TEXTURE_MAP_SLOTS.map((slot) => ({ path: slot, id: changes[slot], kind: 'texture' as const })),
      ],
      texture.snapshot().files,
    );
    texture.update(changes, actor, now, files);
    const eventIds = await this.textures.save(texture, { actorId, occurredAt: now });
    return { texture: texture.snapshot(), eventIds };
  }
}
