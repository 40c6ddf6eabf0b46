import { Command } from '@nestjs/cqrs';
import { TeamChange } from '../../team-change';

export class DeleteTeamCommand extends Command<TeamChange> {
  constructor(
    readonly actorId: string,
    readonly teamId: string,
  ) {
    super();
  }
}
