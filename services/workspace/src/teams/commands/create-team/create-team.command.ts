import { z } from 'zod';
import { Command } from '@nestjs/cqrs';
import { CreateTeamBody } from '@kiln/contracts';
import { IdempotencyClaim } from '@kiln/service-kit';
import { TeamChange } from '../../team-change';

export class CreateTeamCommand extends Command<TeamChange> {
  constructor(
    readonly actorId: string,
    readonly body: z.output<typeof CreateTeamBody>,
    readonly idempotency?: Omit<IdempotencyClaim, 'resourceId'>,
  ) {
    super();
  }
}
