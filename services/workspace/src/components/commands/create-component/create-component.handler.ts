import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ComponentAggregate, DomainError, TEAM_MESSAGES, teamAllows } from '@kiln/domain';
import { Clock, CLOCK, newId } from '@kiln/service-kit';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { COMPONENT_REPOSITORY, ComponentRepository } from '../../ports/component.repository.port';
import { ComponentChange, CreateComponentCommand } from './create-component.command';

@CommandHandler(CreateComponentCommand)
export class CreateComponentHandler implements ICommandHandler<CreateComponentCommand, ComponentChange> {
  constructor(
    @Inject(COMPONENT_REPOSITORY) private readonly components: ComponentRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, body }: CreateComponentCommand): Promise<ComponentChange> {
    const teamId = body.teamId ?? null;
    const projectId = body.projectId ?? null;
    if (teamId || projectId) {
      // In a team: New Component needs owner or editor (spec 001 §6); the project, if any, is that team's.
      const role = teamId ? await this.teamRoles.roleOf(teamId, actorId) : null;
      const projectOk = !projectId || (teamId !== null && (await this.teamRoles.projectBelongsTo(projectId, teamId)));
      if (!teamAllows(role, 'component.create') || !projectOk) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    }
    const now = this.clock.now();
    const component = ComponentAggregate.create({ id: newId(now), name: body.name, authorId: actorId, teamId, projectId, now });
    const state = component.snapshot();
    const eventIds = await this.components.save(component, { actorId, occurredAt: now });
    return { component: state, eventIds };
  }
}
