import { z } from 'zod';
import { Command } from '@nestjs/cqrs';
import { UpdateTeamBody } from '@kiln/contracts';
import { TeamChange } from '../../team-change';

export class UpdateTeamCommand extends Command<TeamChange> {
  constructor(
    readonly actorId: string,
    readonly teamId: string,
    readonly changes: z.output<typeof UpdateTeamBody>,
  ) {
    super();
  }
}
