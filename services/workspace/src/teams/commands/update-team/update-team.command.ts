import { z } from 'zod';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UpdateTeamBody } from '@kiln/contracts';
import { TeamChange, TeamChanges } from '../team-change';

export class UpdateTeamCommand extends Command<TeamChange> {
  constructor(readonly actorId: string, readonly teamId: string, readonly changes: z.output<typeof UpdateTeamBody>) {
    super();
  }
}

/** Team settings: name (required), description, colour; the owner only. */
@CommandHandler(UpdateTeamCommand)
export class UpdateTeamHandler implements ICommandHandler<UpdateTeamCommand, TeamChange> {
  constructor(private readonly changes: TeamChanges) {}

  execute({ actorId, teamId, changes }: UpdateTeamCommand): Promise<TeamChange> {
    return this.changes.run(teamId, actorId, (team, now) => team.updateSettings(changes, actorId, now));
  }
}
