import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, CLOCK } from '@kiln/service-kit';
import { loadTexture } from '../../load-texture';
import { COMMUNITY_MODERATORS, CommunityModerators } from '../../ports/moderators.port';
import { TEXTURE_REPOSITORY, TextureRepository } from '../../ports/texture.repository.port';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { TextureChange } from '../create-texture/create-texture.command';
import { RejectTextureCommand } from './reject-texture.command';

/**
 * POST /api/workspace/texture/{id}/reject: a moderator rejects a community texture within its 24 hours; it is
 * private again and its author is notified (the notifications area's reaction to the event; ADR 0061).
 */
@CommandHandler(RejectTextureCommand)
export class RejectTextureHandler implements ICommandHandler<RejectTextureCommand, TextureChange> {
  constructor(
    @Inject(TEXTURE_REPOSITORY) private readonly textures: TextureRepository,
    @Inject(COMMUNITY_MODERATORS) private readonly moderators: CommunityModerators,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, id, reason }: RejectTextureCommand): Promise<TextureChange> {
    const moderator = await this.moderators.isModerator(actorId);
    const { texture, actor } = await loadTexture(this.textures, this.teamRoles, actorId, id, moderator);
    const now = this.clock.now();
    texture.reject(actor, reason, now);
    const eventIds = await this.textures.save(texture, { actorId, occurredAt: now });
    return { texture: texture.snapshot(), eventIds };
  }
}
