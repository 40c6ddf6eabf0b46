import { z } from 'zod';
import { Command } from '@nestjs/cqrs';
import { CreateProjectBody } from '@kiln/contracts';
import { ProjectState } from '@kiln/domain';
import { IdempotencyClaim } from '@kiln/service-kit';
import { TeamChange } from '../../team-change';

export class CreateProjectCommand extends Command<TeamChange<ProjectState>> {
  constructor(
    readonly actorId: string,
    readonly body: z.output<typeof CreateProjectBody>,
    readonly idempotency?: Omit<IdempotencyClaim, 'resourceId'>,
  ) {
    super();
  }
}
