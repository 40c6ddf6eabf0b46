import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, TEAM_MESSAGES, TeamMemberState } from '@kiln/domain';
import { TeamChange, TeamChanges } from '../../team-change';
import { ChangeMemberRoleCommand } from './change-member-role.command';

/** The owner switches a member between viewer and editor; the owner row is fixed. */
@CommandHandler(ChangeMemberRoleCommand)
export class ChangeMemberRoleHandler implements ICommandHandler<ChangeMemberRoleCommand, TeamChange<TeamMemberState>> {
  constructor(private readonly changes: TeamChanges) {}

  async execute({ actorId, memberId, role }: ChangeMemberRoleCommand): Promise<TeamChange<TeamMemberState>> {
    const teamId = await this.changes.teams.teamIdOf('member', memberId);
    if (!teamId) throw new DomainError('not-found', TEAM_MESSAGES.memberNotFound);
    return this.changes.run(teamId, actorId, (team, now) => {
      team.changeMemberRole(memberId, role, actorId, now);
      return team.snapshot().members.find((m) => m.id === memberId)!;
    });
  }
}
