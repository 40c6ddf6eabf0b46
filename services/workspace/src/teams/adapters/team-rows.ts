import { ProjectState, TeamMemberState, TeamRole, TeamState } from '@kiln/domain';
import { Selectable } from 'kysely';
import { WorkspaceDatabase } from '../../database.types';

export type TeamRow = Selectable<WorkspaceDatabase['teams']>;
export type MemberRow = Selectable<WorkspaceDatabase['team_members']>;
export type ProjectRow = Selectable<WorkspaceDatabase['projects']>;

export function rowsToState(team: TeamRow, members: MemberRow[], projects: ProjectRow[]): TeamState {
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    color: team.color,
    ownerId: team.owner_id,
    createdAt: team.created_at,
    updatedAt: team.updated_at,
    version: team.version,
    members: members.map((m) => ({
      id: m.id,
      userId: m.user_id,
      email: m.email,
      role: m.role as TeamRole,
      status: m.status as TeamMemberState['status'],
      createdAt: m.created_at,
    })),
    projects: projects.map((p) => ({ id: p.id, name: p.name, description: p.description, createdAt: p.created_at, updatedAt: p.updated_at })),
  };
}

export const teamToRow = (s: Omit<TeamState, 'members' | 'projects'>): TeamRow => ({
  id: s.id,
  name: s.name,
  description: s.description,
  color: s.color,
  owner_id: s.ownerId,
  created_at: new Date(s.createdAt),
  updated_at: new Date(s.updatedAt),
  version: s.version,
});

export const memberToRow = (teamId: string, m: TeamMemberState): MemberRow => ({
  id: m.id,
  team_id: teamId,
  user_id: m.userId,
  email: m.email,
  role: m.role,
  status: m.status,
  created_at: new Date(m.createdAt),
});

export const projectToRow = (teamId: string, p: ProjectState): ProjectRow => ({
  id: p.id,
  team_id: teamId,
  name: p.name,
  description: p.description,
  created_at: new Date(p.createdAt),
  updated_at: new Date(p.updatedAt),
});
