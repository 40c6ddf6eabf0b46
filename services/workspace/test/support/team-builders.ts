import { Team, TeamMember } from '@kiln/contracts';
import { randomBytes } from 'node:crypto';
import { aUser, SignedUp } from './builders';
import { WorkspaceClient } from './test-env';

/** A valid team or project name, unique enough to find again. */
export const aTeamName = (prefix = 'Team') => `${prefix} ${randomBytes(3).toString('hex')}`;

/** Creates a team owned by `owner` through the service. */
export function aTeam(rpc: WorkspaceClient, owner: SignedUp, name = aTeamName()): Promise<Team> {
  return rpc.call('createTeam', { actor: owner.actor, body: { name } });
}

/** Signs up a new person and has the owner invite them (active at once, their account exists). */
export async function aMember(rpc: WorkspaceClient, team: Team, owner: SignedUp, role: 'viewer' | 'editor'): Promise<{ user: SignedUp; member: TeamMember }> {
  const user = await aUser(rpc);
  const member = await rpc.call('inviteMember', { actor: owner.actor, body: { teamId: team.id, email: user.user.email, role } });
  return { user, member };
}

/** An e-mail nobody has signed up with (yet). */
export const anUnusedEmail = () => `invitee-${randomBytes(4).toString('hex')}@example.com`;
