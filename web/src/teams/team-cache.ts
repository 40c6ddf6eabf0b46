import type { QueryClient } from '@tanstack/react-query';
import type { Project, Team, TeamMember } from '@kiln/contracts';
import type { ProjectList, TeamList, TeamMemberList } from '../api/teams';
import { RECENT_CHANGE_MS } from '../api/recent-changes';

/**
 * Query keys of the team screens. The navigation's list (`mine`) holds every team with its projects; a team page
 * also reads the team alone, its project list and its members.
 */
export const teamKeys = {
  all: ['teams'] as const,
  mine: ['teams', 'my'] as const,
  team: (teamId: string) => ['teams', 'one', teamId] as const,
  projects: (teamId: string) => ['teams', 'projects', teamId] as const,
  members: (teamId: string) => ['teams', 'members', teamId] as const,
};

/** A pushed team: the team without its projects (contracts/src/realtime.ts TeamPush). */
export type TeamPatch = Omit<Team, 'projects'> & { projects?: Project[] };

/**
 * Teams and projects deleted in this session (a late create or update must not bring them back), and the teams
 * seen lately in pushes and answers: a list or team answer read before a push's change reached the read model
 * must not undo it.
 */
interface Gone {
  teams: Set<string>;
  projects: Set<string>;
  recent: Map<string, { team: TeamPatch; at: number }>;
}
const goneByClient = new WeakMap<QueryClient, Gone>();
function goneOf(queryClient: QueryClient): Gone {
  let gone = goneByClient.get(queryClient);
  if (!gone) goneByClient.set(queryClient, (gone = { teams: new Set(), projects: new Set(), recent: new Map() }));
  return gone;
}

/** A team answer checked against what pushes said meanwhile: a newer version seen wins; a deleted team is refused. */
export function checkedTeam(queryClient: QueryClient, team: Team, now = Date.now()): Team {
  const memory = goneOf(queryClient);
  const seen = memory.recent.get(team.id);
  return seen && now - seen.at < RECENT_CHANGE_MS ? mergeTeam(team, seen.team) : team;
}

/** A list answer checked the same way: deleted teams dropped, newer versions kept, teams added lately kept. */
export function checkedTeamList(queryClient: QueryClient, list: TeamList, now = Date.now()): TeamList {
  const memory = goneOf(queryClient);
  let data = list.data.filter((team) => !memory.teams.has(team.id)).map((team) => checkedTeam(queryClient, team, now));
  for (const [id, seen] of memory.recent) {
    if (now - seen.at >= RECENT_CHANGE_MS) memory.recent.delete(id);
    else if (!memory.teams.has(id) && !data.some((team) => team.id === id)) data = [...data, mergeTeam(undefined, seen.team)];
  }
  return { data, total: list.total + (data.length - list.data.length) };
}

type GoneListener = (teamId: string) => void;
const goneListeners = new Set<GoneListener>();

/** Called when a team is deleted or I no longer belong to it (the page showing it leaves). */
export function onTeamGone(listener: GoneListener): () => void {
  goneListeners.add(listener);
  return () => goneListeners.delete(listener);
}

/** Merges a team into the one it replaces: an older version changes nothing; projects are kept unless given. */
export function mergeTeam(held: Team | undefined, patch: TeamPatch): Team {
  if (!held) return { ...patch, projects: patch.projects ?? [] };
  if (patch.version < held.version) return held;
  return { ...held, ...patch, projects: patch.projects ?? held.projects };
}

/** The list with `team` merged in; a team it did not hold is added at the end when `addMissing`. */
export function upsertTeamInList(list: TeamList, patch: TeamPatch, addMissing: boolean): TeamList {
  const index = list.data.findIndex((team) => team.id === patch.id);
  if (index < 0) return addMissing ? { data: [...list.data, mergeTeam(undefined, patch)], total: list.total + 1 } : list;
  const merged = mergeTeam(list.data[index], patch);
  if (merged === list.data[index]) return list;
  const data = [...list.data];
  data[index] = merged;
  return { ...list, data };
}

export function removeTeamFromList(list: TeamList, teamId: string): TeamList {
  const data = list.data.filter((team) => team.id !== teamId);
  return data.length === list.data.length ? list : { data, total: Math.max(0, list.total - 1) };
}

/** Projects by id: replaces the one held unless it is older (by updatedAt), else adds it at the end. */
export function upsertProject(projects: Project[], project: Project): Project[] {
  const index = projects.findIndex((p) => p.id === project.id);
  if (index < 0) return [...projects, project];
  if (projects[index].updatedAt > project.updatedAt) return projects;
  const next = [...projects];
  next[index] = { ...projects[index], ...project };
  return next;
}

export function removeProject(projects: Project[], projectId: string): Project[] {
  const next = projects.filter((p) => p.id !== projectId);
  return next.length === projects.length ? projects : next;
}

/** A team created or changed (an answer or a push): the navigation's list and the team's own entry. */
export function applyTeamUpsert(queryClient: QueryClient, patch: TeamPatch, isCreate: boolean): void {
  const memory = goneOf(queryClient);
  if (memory.teams.has(patch.id)) return;
  const held = memory.recent.get(patch.id)?.team;
  if (!held || held.version <= patch.version) {
    // Projects are not part of the team's pushes: what is remembered leaves them to the answers.
    const { projects: _projects, ...team } = patch;
    memory.recent.set(patch.id, { team: { ...held, ...team }, at: Date.now() });
  }
  queryClient.setQueryData<TeamList>(teamKeys.mine, (list) => (list ? upsertTeamInList(list, patch, isCreate) : list));
  queryClient.setQueryData<Team>(teamKeys.team(patch.id), (held) => (held ? mergeTeam(held, patch) : held));
}

/** A team deleted, or one I left or was removed from: it goes from every list, and a page showing it leaves. */
export function applyTeamRemoval(queryClient: QueryClient, teamId: string): void {
  goneOf(queryClient).teams.add(teamId);
  goneOf(queryClient).recent.delete(teamId);
  queryClient.setQueryData<TeamList>(teamKeys.mine, (list) => (list ? removeTeamFromList(list, teamId) : list));
  for (const key of [teamKeys.team(teamId), teamKeys.projects(teamId), teamKeys.members(teamId)]) {
    void queryClient.cancelQueries({ queryKey: key });
    queryClient.removeQueries({ queryKey: key, exact: true });
  }
  goneListeners.forEach((listener) => listener(teamId));
}

/** A team I was removed from may be given back later (a new invite): it is no longer remembered as gone. */
export function forgetTeamRemoval(queryClient: QueryClient, teamId: string): void {
  goneOf(queryClient).teams.delete(teamId);
}

function mapTeamProjects(queryClient: QueryClient, teamId: string, change: (projects: Project[]) => Project[]) {
  queryClient.setQueryData<TeamList>(teamKeys.mine, (list) => {
    if (!list) return list;
    let changed = false;
    const data = list.data.map((team) => {
      if (team.id !== teamId) return team;
      const projects = change(team.projects);
      if (projects === team.projects) return team;
      changed = true;
      return { ...team, projects };
    });
    return changed ? { ...list, data } : list;
  });
  queryClient.setQueryData<Team>(teamKeys.team(teamId), (team) => {
    if (!team) return team;
    const projects = change(team.projects);
    return projects === team.projects ? team : { ...team, projects };
  });
  queryClient.setQueryData<ProjectList>(teamKeys.projects(teamId), (list) => {
    if (!list) return list;
    const data = change(list.data);
    return data === list.data ? list : { data, total: list.total + (data.length - list.data.length) };
  });
}

export function applyProjectUpsert(queryClient: QueryClient, project: Project): void {
  if (goneOf(queryClient).projects.has(project.id)) return;
  mapTeamProjects(queryClient, project.teamId, (projects) => upsertProject(projects, project));
}

export function applyProjectRemoval(queryClient: QueryClient, project: Pick<Project, 'id' | 'teamId'>): void {
  goneOf(queryClient).projects.add(project.id);
  mapTeamProjects(queryClient, project.teamId, (projects) => removeProject(projects, project.id));
}

/** Member pushes carry no e-mail or name: the team's member list is fetched again. */
export function refetchMembers(queryClient: QueryClient, teamId: string): void {
  void queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) });
}

/** What a member push said: id, role and status (no e-mail or name), or that the member is gone. */
export interface MemberFact {
  id: string;
  teamId: string;
  role: TeamMember['role'];
  status: TeamMember['status'];
  deleted: boolean;
}
const memberFactsByClient = new WeakMap<QueryClient, Map<string, MemberFact & { at: number }>>();
function memberFactsOf(queryClient: QueryClient) {
  let facts = memberFactsByClient.get(queryClient);
  if (!facts) memberFactsByClient.set(queryClient, (facts = new Map()));
  return facts;
}

/**
 * A member push: a removed member leaves the list at once, a changed role or status shows at once; then the list
 * is fetched again (for names and e-mails). What the push said is remembered for a while, so an answer read
 * before the change reached the read model does not undo it.
 */
export function applyMemberFact(queryClient: QueryClient, fact: MemberFact): void {
  memberFactsOf(queryClient).set(fact.id, { ...fact, at: Date.now() });
  queryClient.setQueryData<TeamMemberList>(teamKeys.members(fact.teamId), (list) => (list ? checkedMembers(queryClient, list) : list));
  refetchMembers(queryClient, fact.teamId);
}

/** A member list answer with what recent pushes said laid over it. */
export function checkedMembers(queryClient: QueryClient, list: TeamMemberList, now = Date.now()): TeamMemberList {
  const facts = memberFactsOf(queryClient);
  for (const [id, fact] of facts) if (now - fact.at >= RECENT_CHANGE_MS) facts.delete(id);
  const data = list.data
    .filter((member) => !facts.get(member.id)?.deleted)
    .map((member) => {
      const fact = facts.get(member.id);
      return fact && (fact.role !== member.role || fact.status !== member.status) ? { ...member, role: fact.role, status: fact.status } : member;
    });
  return data.length === list.data.length && data.every((member, i) => member === list.data[i])
    ? list
    : { data, total: list.total - (list.data.length - data.length) };
}

/** Whether a recent push named a member this answer does not hold yet (then it is asked again shortly). */
export function membersMissing(queryClient: QueryClient, teamId: string, list: TeamMemberList, now = Date.now()): boolean {
  for (const fact of memberFactsOf(queryClient).values()) {
    if (fact.teamId === teamId && !fact.deleted && now - fact.at < RECENT_CHANGE_MS && !list.data.some((member) => member.id === fact.id)) return true;
  }
  return false;
}
