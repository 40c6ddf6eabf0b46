import { z } from 'zod';
import { Command } from '@nestjs/cqrs';
import { UpdateProjectBody } from '@kiln/contracts';
import { TeamChange } from '../../team-change';

export class UpdateProjectCommand extends Command<TeamChange<string>> {
  constructor(
    readonly actorId: string,
    readonly projectId: string,
    readonly changes: z.output<typeof UpdateProjectBody>,
  ) {
    super();
  }
}
