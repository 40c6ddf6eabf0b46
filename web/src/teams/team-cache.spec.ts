import { QueryClient } from '@tanstack/react-query';
import { RECENT_CHANGE_MS } from '../api/recent-changes';
import type { Project, Team, TeamMember } from '@kiln/contracts';
import type { ProjectList, TeamList, TeamMemberList } from '../api/teams';
import { ME_KEY } from '../auth/session';
import { checkedMembers, checkedTeamList, membersMissing, onTeamGone, teamKeys } from './team-cache';
import { applyMemberPush, applyProjectPush, applyTeamPush } from './team-pushes';

// How team, project and member pushes land in the cached team data (no React, no network).
let seq = 0;
const nextId = () => (++seq).toString(16).padStart(24, '0');
const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();

function aProject(teamId: string, name: string, overrides: Partial<Project> = {}): Project {
  return { id: nextId(), teamId, name, description: '', createdAt: at(1), updatedAt: at(1), ...overrides };
}
function aTeam(name: string, overrides: Partial<Team> = {}): Team {
  return {
    id: nextId(),
    name,
    description: '',
    color: '#336699',
    ownerId: 'f'.repeat(24),
    userRole: 'owner',
    projects: [],
    createdAt: at(1),
    updatedAt: at(1),
    version: 1,
    ...overrides,
  };
}
const withoutProjects = ({ projects: _projects, ...team }: Team) => team;

function cacheWith(teams: Team[]) {
  const client = new QueryClient();
  client.setQueryData<TeamList>(teamKeys.mine, { data: teams, total: teams.length });
  for (const team of teams) {
    client.setQueryData<Team>(teamKeys.team(team.id), team);
    client.setQueryData<ProjectList>(teamKeys.projects(team.id), { data: team.projects, total: team.projects.length });
  }
  return client;
}
const mine = (client: QueryClient) => client.getQueryData<TeamList>(teamKeys.mine)!;
const names = (client: QueryClient) => mine(client).data.map((t) => t.name);

describe('team pushes', () => {
  it('adds a created team once, however often it arrives', () => {
    const client = cacheWith([aTeam('Alpha')]);
    const beta = aTeam('Beta');
    applyTeamPush(client, { verb: 'create', data: withoutProjects(beta) });
    applyTeamPush(client, { verb: 'create', data: withoutProjects(beta) });
    expect(names(client)).toEqual(['Alpha', 'Beta']);
    expect(mine(client).total).toBe(2);
    expect(mine(client).data[1].projects).toEqual([]);
  });

  it('merges a newer update, keeps the projects, and ignores an older one', () => {
    const project = aProject('x', 'P');
    const team = aTeam('Alpha', { version: 3, projects: [project] });
    const client = cacheWith([team]);
    applyTeamPush(client, { verb: 'update', data: { ...withoutProjects(team), name: 'Alpha 2', version: 4 } });
    applyTeamPush(client, { verb: 'update', data: { ...withoutProjects(team), name: 'Old', version: 2 } });
    expect(names(client)).toEqual(['Alpha 2']);
    expect(mine(client).data[0].projects).toEqual([project]);
    expect(client.getQueryData<Team>(teamKeys.team(team.id))!.name).toBe('Alpha 2');
  });

  it('removes a deleted team everywhere, tells the page showing it, and never brings it back', () => {
    const team = aTeam('Alpha');
    const client = cacheWith([team, aTeam('Beta')]);
    const gone: string[] = [];
    const stop = onTeamGone((id) => gone.push(id));
    applyTeamPush(client, { verb: 'delete', data: withoutProjects(team) });
    applyTeamPush(client, { verb: 'update', data: { ...withoutProjects(team), version: 9 } });
    stop();
    expect(names(client)).toEqual(['Beta']);
    expect(client.getQueryData(teamKeys.team(team.id))).toBeUndefined();
    expect(gone).toEqual([team.id]);
  });
});

describe('project pushes', () => {
  it('adds, renames and deletes a project in the team list, the team and its project list', () => {
    const team = aTeam('Alpha');
    const client = cacheWith([team]);
    const project = aProject(team.id, 'Spring');
    applyProjectPush(client, { verb: 'create', data: project });
    applyProjectPush(client, { verb: 'create', data: project });
    applyProjectPush(client, { verb: 'update', data: { ...project, name: 'Summer', updatedAt: at(5) } });
    applyProjectPush(client, { verb: 'update', data: { ...project, name: 'Late', updatedAt: at(2) } });
    expect(mine(client).data[0].projects.map((p) => p.name)).toEqual(['Summer']);
    expect(client.getQueryData<Team>(teamKeys.team(team.id))!.projects.map((p) => p.name)).toEqual(['Summer']);
    expect(client.getQueryData<ProjectList>(teamKeys.projects(team.id))).toMatchObject({ total: 1, data: [{ name: 'Summer' }] });

    applyProjectPush(client, { verb: 'delete', data: project });
    applyProjectPush(client, { verb: 'update', data: { ...project, updatedAt: at(9) } });
    expect(mine(client).data[0].projects).toEqual([]);
    expect(client.getQueryData<ProjectList>(teamKeys.projects(team.id))).toEqual({ data: [], total: 0 });
  });
});

describe('member pushes', () => {
  const member = (teamId: string, userId: string | null): Pick<TeamMember, 'id' | 'teamId' | 'userId' | 'role' | 'status' | 'createdAt'> => ({
    id: nextId(),
    teamId,
    userId,
    role: 'viewer',
    status: 'active',
    createdAt: at(1),
  });

  it('refetches the members of that team (a push has no e-mail or name)', () => {
    const team = aTeam('Alpha');
    const client = cacheWith([team]);
    client.setQueryData(teamKeys.members(team.id), { data: [], total: 0 });
    applyMemberPush(client, { verb: 'create', data: member(team.id, null) });
    expect(client.getQueryState(teamKeys.members(team.id))!.isInvalidated).toBe(true);
    expect(client.getQueryState(teamKeys.mine)!.isInvalidated).toBe(false);
  });

  it('takes the team away when I am removed, and asks again for my teams when I am added', () => {
    const me = 'e'.repeat(24);
    const team = aTeam('Alpha', { userRole: 'viewer' });
    const client = cacheWith([team]);
    client.setQueryData(ME_KEY, { id: me, fullName: 'Me', email: 'me@example.test', avatar: null, dataShort: { initials: 'ME', color: '#000000' } });
    applyMemberPush(client, { verb: 'delete', data: member(team.id, me) });
    expect(names(client)).toEqual([]);

    const other = aTeam('Beta');
    applyMemberPush(client, { verb: 'create', data: member(other.id, me) });
    expect(client.getQueryState(teamKeys.mine)!.isInvalidated).toBe(true);
  });
});

describe('answers that left the server before a push', () => {
  it('keep a team a push added, and the newer version a push brought, for a while', () => {
    const alpha = aTeam('Alpha', { version: 2 });
    const client = cacheWith([alpha]);
    const beta = aTeam('Beta');
    applyTeamPush(client, { verb: 'create', data: withoutProjects(beta) });
    applyTeamPush(client, { verb: 'update', data: { ...withoutProjects(alpha), name: 'Alpha 3', version: 3 } });
    // A stale answer: Alpha at version 2, no Beta.
    const stale = { data: [alpha], total: 1 };
    expect(checkedTeamList(client, stale).data.map((t) => t.name)).toEqual(['Alpha 3', 'Beta']);
    // Long after, the answer is believed.
    expect(checkedTeamList(client, stale, Date.now() + RECENT_CHANGE_MS).data.map((t) => t.name)).toEqual(['Alpha']);
  });

  it('drop a team deleted meanwhile', () => {
    const alpha = aTeam('Alpha');
    const client = cacheWith([alpha]);
    applyTeamPush(client, { verb: 'delete', data: withoutProjects(alpha) });
    expect(checkedTeamList(client, { data: [alpha], total: 1 })).toEqual({ data: [], total: 0 });
  });
});

describe('member lists and the pushes about them', () => {
  const aMember = (teamId: string, email: string, overrides: Partial<TeamMember> = {}): TeamMember => ({
    id: nextId(),
    teamId,
    userId: nextId(),
    role: 'viewer',
    status: 'active',
    user: null,
    data: { email },
    createdAt: at(1),
    ...overrides,
  });

  it('takes a removed member out at once and keeps a stale answer from bringing them back', () => {
    const team = aTeam('Alpha');
    const client = cacheWith([team]);
    const ann = aMember(team.id, 'ann@example.test');
    const bob = aMember(team.id, 'bob@example.test');
    client.setQueryData(teamKeys.members(team.id), { data: [ann, bob], total: 2 });
    applyMemberPush(client, { verb: 'delete', data: bob });
    expect(client.getQueryData<TeamMemberList>(teamKeys.members(team.id))!.data.map((m) => m.data.email)).toEqual(['ann@example.test']);
    expect(checkedMembers(client, { data: [ann, bob], total: 2 })).toEqual({ data: [ann], total: 1 });
  });

  it('shows a pushed role and status over an older answer, and notices a member the answer lacks', () => {
    const team = aTeam('Alpha');
    const client = cacheWith([team]);
    const ann = aMember(team.id, 'ann@example.test', { status: 'pending', userId: null });
    applyMemberPush(client, { verb: 'update', data: { ...ann, role: 'editor', status: 'active' } });
    expect(checkedMembers(client, { data: [ann], total: 1 }).data[0]).toMatchObject({ role: 'editor', status: 'active' });
    const newcomer = aMember(team.id, 'new@example.test');
    applyMemberPush(client, { verb: 'create', data: newcomer });
    expect(membersMissing(client, team.id, { data: [ann], total: 1 })).toBe(true);
    expect(membersMissing(client, team.id, { data: [ann, newcomer], total: 2 })).toBe(false);
  });
});
