import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TEXTURE_MESSAGES } from '@kiln/contracts';
import { DomainError, TEAM_MESSAGES, TextureAssociationAggregate } from '@kiln/domain';
import { Clock, CLOCK, newId } from '@kiln/service-kit';
import { TEXTURE_REPOSITORY, TextureRepository } from '../../ports/texture.repository.port';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { AddTextureAssociationCommand, TextureAssociationChange } from './add-texture-association.command';

/** POST /api/workspace/texture-association: a community texture into a personal, team or project library, once (409 again). */
@CommandHandler(AddTextureAssociationCommand)
export class AddTextureAssociationHandler implements ICommandHandler<AddTextureAssociationCommand, TextureAssociationChange> {
  constructor(
    @Inject(TEXTURE_REPOSITORY) private readonly textures: TextureRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, body }: AddTextureAssociationCommand): Promise<TextureAssociationChange> {
    const teamId = body.scope.teamId ?? null;
    const projectId = body.scope.projectId ?? null;
    const actor = { userId: actorId, teamRole: teamId ? await this.teamRoles.roleOf(teamId, actorId) : null };
    if (projectId && teamId && !(await this.teamRoles.projectBelongsTo(projectId, teamId))) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    const texture = await this.textures.findById(body.textureId);
    // A private texture of someone else is not there for the caller.
    if (!texture || !texture.readable(actor)) throw new DomainError('not-found', TEXTURE_MESSAGES.notFound);
    const now = this.clock.now();
    const association = TextureAssociationAggregate.create({ id: newId(now), texture: texture.snapshot(), actor, teamId, projectId, now });
    const eventIds = await this.textures.saveAssociation(association, { actorId, occurredAt: now });
    return { association: association.snapshot(), eventIds };
  }
}
