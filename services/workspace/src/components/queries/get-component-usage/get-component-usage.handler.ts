import { COMPONENT_MESSAGES, ComponentUsage } from '@kiln/contracts';
import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@kiln/domain';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { COMPONENT_REPOSITORY, ComponentRepository } from '../../ports/component.repository.port';
import { GetComponentUsageQuery } from './get-component-usage.query';

/** GET /api/workspace/component/used/{id}: how many models use it, for whoever may read the component. */
@QueryHandler(GetComponentUsageQuery)
export class GetComponentUsageHandler implements IQueryHandler<GetComponentUsageQuery, ComponentUsage> {
  constructor(
    @Inject(COMPONENT_REPOSITORY) private readonly components: ComponentRepository,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, id }: GetComponentUsageQuery): Promise<ComponentUsage> {
    const component = await this.components.findById(id);
    if (!component) throw new DomainError('not-found', COMPONENT_MESSAGES.notFound);
    const { teamId } = component.snapshot();
    component.assertAllowed({ userId: actorId, teamRole: teamId ? await this.teamRoles.roleOf(teamId, actorId) : null }, 'component.read');
    return { count: await this.components.usedBy(id) };
  }
}
