import { Command } from '@nestjs/cqrs';
import { TeamMemberState, TeamRole } from '@kiln/domain';
import { TeamChange } from '../../team-change';

export class ChangeMemberRoleCommand extends Command<TeamChange<TeamMemberState>> {
  constructor(
    readonly actorId: string,
    readonly memberId: string,
    readonly role: TeamRole,
  ) {
    super();
  }
}
