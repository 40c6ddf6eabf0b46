import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, TEAM_MESSAGES, TeamMemberState } from '@kiln/domain';
import { TeamChange, TeamChanges } from '../../team-change';
import { RemoveMemberCommand } from './remove-member.command';

/** The owner removes someone; a member removing their own row leaves the team. Answers the row as it was. */
@CommandHandler(RemoveMemberCommand)
export class RemoveMemberHandler implements ICommandHandler<RemoveMemberCommand, TeamChange<TeamMemberState>> {
  constructor(private readonly changes: TeamChanges) {}

  async execute({ actorId, memberId }: RemoveMemberCommand): Promise<TeamChange<TeamMemberState>> {
    const teamId = await this.changes.teams.teamIdOf('member', memberId);
    if (!teamId) throw new DomainError('not-found', TEAM_MESSAGES.memberNotFound);
    return this.changes.run(teamId, actorId, (team, now) => {
      const member = team.snapshot().members.find((m) => m.id === memberId)!;
      team.removeMember(memberId, actorId, now);
      return member;
    });
  }
}
