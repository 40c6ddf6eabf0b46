import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TeamChange, TeamChanges } from '../../team-change';
import { DeleteTeamCommand } from './delete-team.command';

/** The owner deletes the team with its members and projects. */
@CommandHandler(DeleteTeamCommand)
export class DeleteTeamHandler implements ICommandHandler<DeleteTeamCommand, TeamChange> {
  constructor(private readonly changes: TeamChanges) {}

  execute({ actorId, teamId }: DeleteTeamCommand): Promise<TeamChange> {
    return this.changes.run(teamId, actorId, (team, now) => team.delete(actorId, now));
  }
}
