import { COMPONENT_MESSAGES } from '@kiln/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@kiln/domain';
import { Clock, CLOCK } from '@kiln/service-kit';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { COMPONENT_REPOSITORY, ComponentRepository } from '../../ports/component.repository.port';
import { ComponentChange } from '../create-component/create-component.command';
import { DeleteComponentCommand } from './delete-component.command';

@CommandHandler(DeleteComponentCommand)
export class DeleteComponentHandler implements ICommandHandler<DeleteComponentCommand, ComponentChange> {
  constructor(
    @Inject(COMPONENT_REPOSITORY) private readonly components: ComponentRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, id }: DeleteComponentCommand): Promise<ComponentChange> {
    const component = await this.components.findById(id);
    if (!component) throw new DomainError('not-found', COMPONENT_MESSAGES.notFound);
    const { teamId } = component.snapshot();
    const actor = { userId: actorId, teamRole: teamId ? await this.teamRoles.roleOf(teamId, actorId) : null };
    const now = this.clock.now();
    // Who may is checked before the count is read: a stranger learns nothing, not even that it is used.
    component.assertAllowed(actor, 'component.delete');
    component.delete(actor, await this.components.usedBy(id), now);
    const last = component.snapshot();
    const eventIds = await this.components.save(component, { actorId, occurredAt: now });
    return { component: last, eventIds };
  }
}
