import { COMPONENT_MESSAGES } from '@kiln/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@kiln/domain';
import { Clock, CLOCK } from '@kiln/service-kit';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { COMPONENT_REPOSITORY, ComponentRepository } from '../../ports/component.repository.port';
import { ComponentChange } from '../create-component/create-component.command';
import { UpdateComponentCommand } from './update-component.command';

@CommandHandler(UpdateComponentCommand)
export class UpdateComponentHandler implements ICommandHandler<UpdateComponentCommand, ComponentChange> {
  constructor(
    @Inject(COMPONENT_REPOSITORY) private readonly components: ComponentRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, id, changes }: UpdateComponentCommand): Promise<ComponentChange> {
    const component = await this.components.findById(id);
    if (!component) throw new DomainError('not-found', COMPONENT_MESSAGES.notFound);
    const { teamId } = component.snapshot();
    const actor = { userId: actorId, teamRole: teamId ? await this.teamRoles.roleOf(teamId, actorId) : null };
    const now = this.clock.now();
    component.assertAllowed(actor, 'component.change');
    if (changes.name !== undefined) component.rename(changes.name, actor, now);
    if (changes.description !== undefined) component.describe(changes.description, actor, now);
    const eventIds = await this.components.save(component, { actorId, occurredAt: now });
    return { component: component.snapshot(), eventIds };
  }
}
