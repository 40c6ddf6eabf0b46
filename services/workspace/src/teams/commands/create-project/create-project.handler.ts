import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ProjectState } from '@kiln/domain';
import { newId } from '@kiln/service-kit';
import { TeamChange, TeamChanges } from '../../team-change';
import { CreateProjectCommand } from './create-project.command';

/** Owners and editors create projects (name at least 3 characters). */
@CommandHandler(CreateProjectCommand)
export class CreateProjectHandler implements ICommandHandler<CreateProjectCommand, TeamChange<ProjectState>> {
  constructor(private readonly changes: TeamChanges) {}

  execute({ actorId, body, idempotency }: CreateProjectCommand): Promise<TeamChange<ProjectState>> {
    const id = newId();
    return this.changes.run(body.teamId, actorId, (team, now) => team.createProject({ id, name: body.name }, actorId, now), {
      meta: idempotency ? { idempotency: { ...idempotency, resourceId: id } } : {},
    });
  }
}
