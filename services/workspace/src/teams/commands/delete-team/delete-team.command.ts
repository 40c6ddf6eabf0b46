import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TeamChange, TeamChanges } from '../team-change';

export class DeleteTeamCommand extends Command<TeamChange> {
  constructor(readonly actorId: string, readonly teamId: string) {
    super();
  }
}

/** The owner deletes the team with its members and projects. */
@CommandHandler(DeleteTeamCommand)
export class DeleteTeamHandler implements ICommandHandler<DeleteTeamCommand, TeamChange> {
  constructor(private readonly changes: TeamChanges) {}

  execute({ actorId, teamId }: DeleteTeamCommand): Promise<TeamChange> {
    return this.changes.run(teamId, actorId, (team, now) => team.delete(actorId, now));
  }
}
