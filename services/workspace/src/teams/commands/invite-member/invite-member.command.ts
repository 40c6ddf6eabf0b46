import { z } from 'zod';
import { Command } from '@nestjs/cqrs';
import { InviteMemberBody } from '@kiln/contracts';
import { TeamMemberState } from '@kiln/domain';
import { TeamChange } from '../../team-change';

export class InviteMemberCommand extends Command<TeamChange<TeamMemberState>> {
  constructor(
    readonly actorId: string,
    readonly body: z.output<typeof InviteMemberBody>,
  ) {
    super();
  }
}
