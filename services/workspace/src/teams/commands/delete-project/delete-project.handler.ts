import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, ProjectState, TEAM_MESSAGES } from '@kiln/domain';
import { TeamChange, TeamChanges } from '../../team-change';
import { DeleteProjectCommand } from './delete-project.command';

/** The owner deletes a project; the answer is the project as it was. */
@CommandHandler(DeleteProjectCommand)
export class DeleteProjectHandler implements ICommandHandler<DeleteProjectCommand, TeamChange<ProjectState>> {
  constructor(private readonly changes: TeamChanges) {}

  async execute({ actorId, projectId }: DeleteProjectCommand): Promise<TeamChange<ProjectState>> {
    const teamId = await this.changes.teams.teamIdOf('project', projectId);
    if (!teamId) throw new DomainError('not-found', TEAM_MESSAGES.projectNotFound);
    return this.changes.run(teamId, actorId, (team, now) => {
      const project = team.snapshot().projects.find((p) => p.id === projectId)!;
      team.deleteProject(projectId, actorId, now);
      return project;
    });
  }
}
