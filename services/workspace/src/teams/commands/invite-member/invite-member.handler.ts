import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TeamMemberState } from '@kiln/domain';
import { newId } from '@kiln/service-kit';
import { TeamChange, TeamChanges } from '../../team-change';
import { InviteMemberCommand } from './invite-member.command';

/**
 * The owner invites by e-mail. An account with that e-mail makes the member active at once; otherwise
 * the invite is pending until that person signs up (see ActivateTeamInvitesOnUserRegistered).
 */
@CommandHandler(InviteMemberCommand)
export class InviteMemberHandler implements ICommandHandler<InviteMemberCommand, TeamChange<TeamMemberState>> {
  constructor(private readonly changes: TeamChanges) {}

  execute({ actorId, body }: InviteMemberCommand): Promise<TeamChange<TeamMemberState>> {
    const email = body.email.trim().toLowerCase();
    let userId: string | null = null;
    return this.changes.run(
      body.teamId,
      actorId,
      (team, now) => team.invite({ memberId: newId(now), email: body.email, role: body.role, userId }, actorId, now),
      {
        // Under the e-mail's lock, so a sign-up of that e-mail right now either is seen here or sees the invite.
        before: async (trx) => {
          await this.changes.teams.lockEmail(trx, email);
          userId = await this.changes.teams.accountIdByEmail(trx, email);
        },
      },
    );
  }
}
