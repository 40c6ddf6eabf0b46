import { Command } from '@nestjs/cqrs';
import { TeamMemberState } from '@kiln/domain';
import { TeamChange } from '../../team-change';

export class RemoveMemberCommand extends Command<TeamChange<TeamMemberState>> {
  constructor(
    readonly actorId: string,
    readonly memberId: string,
  ) {
    super();
  }
}
