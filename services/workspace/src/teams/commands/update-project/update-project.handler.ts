import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, TEAM_MESSAGES } from '@kiln/domain';
import { TeamChange, TeamChanges } from '../../team-change';
import { UpdateProjectCommand } from './update-project.command';

/** Rename a project or change its description: the owner only. Answers the project's team id. */
@CommandHandler(UpdateProjectCommand)
export class UpdateProjectHandler implements ICommandHandler<UpdateProjectCommand, TeamChange<string>> {
  constructor(private readonly changes: TeamChanges) {}

  async execute({ actorId, projectId, changes }: UpdateProjectCommand): Promise<TeamChange<string>> {
    const teamId = await this.changes.teams.teamIdOf('project', projectId);
    if (!teamId) throw new DomainError('not-found', TEAM_MESSAGES.projectNotFound);
    return this.changes.run(teamId, actorId, (team, now) => {
      team.updateProject(projectId, changes, actorId, now);
      return projectId;
    });
  }
}
