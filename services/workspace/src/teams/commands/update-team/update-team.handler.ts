import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TeamChange, TeamChanges } from '../../team-change';
import { UpdateTeamCommand } from './update-team.command';

/** Team settings: name (required), description, colour; the owner only. */
@CommandHandler(UpdateTeamCommand)
export class UpdateTeamHandler implements ICommandHandler<UpdateTeamCommand, TeamChange> {
  constructor(private readonly changes: TeamChanges) {}

  execute({ actorId, teamId, changes }: UpdateTeamCommand): Promise<TeamChange> {
    return this.changes.run(teamId, actorId, (team, now) => team.updateSettings(changes, actorId, now));
  }
}
