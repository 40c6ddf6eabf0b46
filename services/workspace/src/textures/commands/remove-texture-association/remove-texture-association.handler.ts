import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TEXTURE_MESSAGES } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { Clock, CLOCK } from '@kiln/service-kit';
import { TEXTURE_REPOSITORY, TextureRepository } from '../../ports/texture.repository.port';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { TextureAssociationChange } from '../add-texture-association/add-texture-association.command';
import { RemoveTextureAssociationCommand } from './remove-texture-association.command';

/** DELETE /api/workspace/texture-association/{id} ('Remove'): the library's owner, or a team's owners and editors. */
@CommandHandler(RemoveTextureAssociationCommand)
export class RemoveTextureAssociationHandler implements ICommandHandler<RemoveTextureAssociationCommand, TextureAssociationChange> {
  constructor(
    @Inject(TEXTURE_REPOSITORY) private readonly textures: TextureRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, id }: RemoveTextureAssociationCommand): Promise<TextureAssociationChange> {
    const association = await this.textures.findAssociation(id);
    if (!association) throw new DomainError('not-found', TEXTURE_MESSAGES.associationNotFound);
    const { teamId } = association.snapshot();
    association.delete({ userId: actorId, teamRole: teamId ? await this.teamRoles.roleOf(teamId, actorId) : null });
    const now = this.clock.now();
    const eventIds = await this.textures.saveAssociation(association, { actorId, occurredAt: now });
    return { association: association.snapshot(), eventIds };
  }
}
