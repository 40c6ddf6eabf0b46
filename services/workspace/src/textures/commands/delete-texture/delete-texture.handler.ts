import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, CLOCK } from '@kiln/service-kit';
import { loadTexture } from '../../load-texture';
import { TEXTURE_REPOSITORY, TextureRepository } from '../../ports/texture.repository.port';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { TextureChange } from '../create-texture/create-texture.command';
import { DeleteTextureCommand } from './delete-texture.command';

/** DELETE /api/workspace/texture/{id}: its author, within 24 hours of publishing when public (403 after; ADR 0061). */
@CommandHandler(DeleteTextureCommand)
export class DeleteTextureHandler implements ICommandHandler<DeleteTextureCommand, TextureChange> {
  constructor(
    @Inject(TEXTURE_REPOSITORY) private readonly textures: TextureRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, id }: DeleteTextureCommand): Promise<TextureChange> {
    const { texture, actor } = await loadTexture(this.textures, this.teamRoles, actorId, id);
    const now = this.clock.now();
    texture.delete(actor, now);
    const eventIds = await this.textures.save(texture, { actorId, occurredAt: now });
    return { texture: texture.snapshot(), eventIds };
  }
}
