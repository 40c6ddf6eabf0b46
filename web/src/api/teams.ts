import type { Project, Team, TeamMember } from '@kiln/contracts';
import { request } from './client';

/** Lists answer `{ data, total }` (contracts' listOf). */
export interface ListOf<T> {
  data: T[];
  total: number;
}
export type TeamList = ListOf<Team>;
export type ProjectList = ListOf<Project>;
export type TeamMemberList = ListOf<TeamMember>;

export interface TeamChanges {
  name?: string;
  description?: string;
  color?: string;
}

export interface ProjectChanges {
  name?: string;
  description?: string;
}

/**
 * The teams I am in and one team: the reads of the navigation and the top bar, in the first load. Every other
 * call of the team pages and dialogs (changes, projects, members) is in api/team-edits.ts, in their chunks
 * (docs/adr/0013).
 */
export const teamsApi = {
  listMine: () => request<TeamList>('GET', '/api/workspace/team/my'),
  get: (teamId: string) => request<Team>('GET', `/api/workspace/team/${encodeURIComponent(teamId)}`),
};
