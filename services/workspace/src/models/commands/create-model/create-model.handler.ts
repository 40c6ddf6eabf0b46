import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, ModelAggregate, TEAM_MESSAGES, teamAllows } from '@kiln/domain';
import { newId } from '@kiln/service-kit';
import { Clock, CLOCK } from '@kiln/service-kit';
import { MODEL_REPOSITORY, ModelRepository } from '../../ports/model.repository.port';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { CreateModelCommand, ModelChange } from './create-model.command';

@CommandHandler(CreateModelCommand)
export class CreateModelHandler implements ICommandHandler<CreateModelCommand, ModelChange> {
  constructor(
    @Inject(MODEL_REPOSITORY) private readonly models: ModelRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, body, idempotency }: CreateModelCommand): Promise<ModelChange> {
    if (body.teamId || body.projectId) await this.assertMayCreateIn(actorId, body.teamId ?? null, body.projectId ?? null);
    const now = this.clock.now();
    const model = ModelAggregate.create({
      id: newId(now),
      name: body.name,
      authorId: actorId,
      teamId: body.teamId ?? null,
      projectId: body.projectId ?? null,
      now,
    });
    const state = model.snapshot();
    const eventIds = await this.models.save(model, {
      actorId,
      occurredAt: now,
      ...(idempotency ? { idempotency: { ...idempotency, resourceId: state.id } } : {}),
    });
    return { model: state, eventIds };
  }

  /** A model in team scope: the caller is owner or editor there, and the project (if any) is that team's. */
  private async assertMayCreateIn(actorId: string, teamId: string | null, projectId: string | null): Promise<void> {
    const role = teamId ? await this.teamRoles.roleOf(teamId, actorId) : null;
    const projectOk = !projectId || (teamId !== null && (await this.teamRoles.projectBelongsTo(projectId, teamId)));
    if (!teamAllows(role, 'model.create') || !projectOk) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
  }
}
