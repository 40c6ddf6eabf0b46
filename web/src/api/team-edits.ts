import type { Project, Team, TeamMember, TeamRole } from '@kiln/contracts';
import { IDEMPOTENCY_HEADER } from '@kiln/contracts/constants';
import { request } from './client';
import type { ProjectChanges, ProjectList, TeamChanges, TeamMemberList } from './teams';

const id = (value: string) => encodeURIComponent(value);

/**
 * Teams, projects and members: the calls of spec 000 §7 and spec 001 §7 (contracts/src/http.ts) that the team
 * pages and dialogs make, of their own chunks; the navigation's reads are api/teams.ts, in the first load.
 */
export const teamEditsApi = {
  create: (name: string, idempotencyKey: string) =>
    request<Team>('POST', '/api/workspace/team/my', { body: { name }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  update: (teamId: string, changes: TeamChanges) => request<Team>('PATCH', `/api/workspace/team/my/${id(teamId)}`, { body: changes }),
  remove: (teamId: string) => request<Team>('DELETE', `/api/workspace/team/${id(teamId)}`),
};

export const projectsApi = {
  list: (teamId: string) => request<ProjectList>('GET', `/api/workspace/team-project/list/${id(teamId)}`),
  /** The answer's id is where the app goes next (spec 001 §7). */
  create: (teamId: string, name: string, idempotencyKey: string) =>
    request<Project>('POST', '/api/workspace/team-project', { body: { teamId, name }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  update: (projectId: string, changes: ProjectChanges) => request<Project>('PATCH', `/api/workspace/team-project/${id(projectId)}`, { body: changes }),
  remove: (projectId: string) => request<Project>('DELETE', `/api/workspace/team-project/${id(projectId)}`),
};

export const membersApi = {
  /** `where` and `populate` travel JSON-encoded, as the other lists (spec 000 §7). */
  list: (teamId: string) =>
    request<TeamMemberList>('GET', '/api/workspace/team-member', {
      query: { where: JSON.stringify({ teamId }), populate: JSON.stringify(['user', 'user.avatar']) },
    }),
  invite: (teamId: string, email: string, role: TeamRole | '') =>
    request<TeamMember>('POST', '/api/workspace/team-member/invite', { body: { teamId, email, role } }),
  changeRole: (memberId: string, role: TeamRole) => request<TeamMember>('PATCH', `/api/workspace/team-member/${id(memberId)}`, { body: { role } }),
  /** The owner removing someone, or a member leaving. */
  remove: (memberId: string) => request<TeamMember>('DELETE', `/api/workspace/team-member/${id(memberId)}`),
};
