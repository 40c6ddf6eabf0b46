import { Inject, Injectable } from '@nestjs/common';
import { Project, Team, TeamMember } from '@kiln/contracts';
import { DomainError, ProjectState, TEAM_MESSAGES, TeamMemberState, TeamRole, TeamState } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely, Selectable } from 'kysely';
import { toUserSummary, UserRow } from '../../models/adapters/model-row.mapper';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

type TeamViewRow = Selectable<WorkspaceDatabase['team_view']>;
type ProjectViewRow = Selectable<WorkspaceDatabase['project_view']>;
type MemberViewRow = Selectable<WorkspaceDatabase['team_member_view']>;
const iso = (d: Date | string) => new Date(d).toISOString();

export const projectOf = (teamId: string, p: ProjectState | ProjectViewRow): Project =>
  'team_id' in p
    ? { id: p.id, teamId, name: p.name, description: p.description, createdAt: iso(p.created_at), updatedAt: iso(p.updated_at) }
    : { id: p.id, teamId, name: p.name, description: p.description, createdAt: iso(p.createdAt), updatedAt: iso(p.updatedAt) };

function teamOf(row: TeamViewRow, userRole: TeamRole, projects: Project[]): Team {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    ownerId: row.owner_id,
    userRole,
    projects,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}

function memberOf(row: MemberViewRow, users: Map<string, UserRow>): TeamMember {
  return {
    id: row.id,
    teamId: row.team_id,
    userId: row.user_id,
    role: row.role as TeamRole,
    status: row.status as TeamMember['status'],
    user: row.user_id ? toUserSummary(users.get(row.user_id)) : null,
    data: { email: row.email },
    createdAt: iso(row.created_at),
  };
}

/**
 * Team queries: they read only the views (`team_view`, `team_member_view`, `project_view`, `user_view`).
 * Whoever is not an active member of a team is told they have no access (403), whether the team exists
 * or not, so the answer tells nothing about other people's teams (ADR 0018).
 */
@Injectable()
export class PgTeamReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  private get q() {
    return this.db.withSchema(SCHEMA);
  }

  async roleOf(teamId: string, userId: string): Promise<TeamRole | null> {
    const row = await this.q
      .selectFrom('team_member_view')
      .innerJoin('team_view', 'team_view.id', 'team_member_view.team_id')
      .select('team_member_view.role')
      .where('team_member_view.team_id', '=', teamId)
      .where('team_member_view.user_id', '=', userId)
      .where('team_member_view.status', '=', 'active')
      .where('team_member_view.deleted_at', 'is', null)
      .where('team_view.deleted_at', 'is', null)
      .executeTakeFirst();
    return (row?.role as TeamRole | undefined) ?? null;
  }

  async assertMember(teamId: string, userId: string): Promise<TeamRole> {
    const role = await this.roleOf(teamId, userId);
    if (!role) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    return role;
  }

  private async projectsOf(teamIds: string[]): Promise<Map<string, Project[]>> {
    const byTeam = new Map<string, Project[]>(teamIds.map((id) => [id, []]));
    if (teamIds.length === 0) return byTeam;
    const rows = await this.q
      .selectFrom('project_view')
      .selectAll()
      .where('team_id', 'in', teamIds)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const row of rows) byTeam.get(row.team_id)!.push(projectOf(row.team_id, row));
    return byTeam;
  }

  /** The teams I am an active member of, oldest first, with their projects and my role. */
  async listMine(userId: string): Promise<{ data: Team[]; total: number }> {
    const rows = await this.q
      .selectFrom('team_member_view as m')
      .innerJoin('team_view as t', 't.id', 'm.team_id')
      .selectAll('t')
      .select('m.role as user_role')
      .where('m.user_id', '=', userId)
      .where('m.status', '=', 'active')
      .where('m.deleted_at', 'is', null)
      .where('t.deleted_at', 'is', null)
      .orderBy('t.created_at')
      .orderBy('t.id')
      .execute();
    const projects = await this.projectsOf(rows.map((r) => r.id));
    return { data: rows.map((r) => teamOf(r, r.user_role as TeamRole, projects.get(r.id)!)), total: rows.length };
  }

  async get(userId: string, teamId: string): Promise<Team> {
    const role = await this.assertMember(teamId, userId);
    const row = await this.q.selectFrom('team_view').selectAll().where('id', '=', teamId).executeTakeFirstOrThrow();
    return teamOf(row, role, (await this.projectsOf([teamId])).get(teamId)!);
  }

  async listProjects(userId: string, teamId: string): Promise<{ data: Project[]; total: number }> {
    await this.assertMember(teamId, userId);
    const data = (await this.projectsOf([teamId])).get(teamId)!;
    return { data, total: data.length };
  }

  async listMembers(userId: string, query: { where: { teamId: string }; skip: number; limit: number }): Promise<{ data: TeamMember[]; total: number }> {
    const { teamId } = query.where;
    await this.assertMember(teamId, userId);
    const live = this.q.selectFrom('team_member_view').where('team_id', '=', teamId).where('deleted_at', 'is', null);
    const [rows, count] = await Promise.all([
      live.selectAll().orderBy('created_at').orderBy('id').offset(query.skip).limit(query.limit).execute(),
      live.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const users = await this.users(rows.flatMap((r) => (r.user_id ? [r.user_id] : [])));
    return { data: rows.map((r) => memberOf(r, users)), total: Number(count.n) };
  }

  async users(ids: string[]): Promise<Map<string, UserRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.q
      .selectFrom('user_view')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  // Command answers: built from the state the command committed, not from the (maybe lagging) views.

  presentTeam(state: TeamState, actorId: string, role?: TeamRole): Team {
    const userRole = role ?? state.members.find((m) => m.userId === actorId && m.status === 'active')?.role ?? 'owner';
    const row = {
      id: state.id,
      name: state.name,
      description: state.description,
      color: state.color,
      owner_id: state.ownerId,
      created_at: state.createdAt,
      updated_at: state.updatedAt,
      version: state.version,
      deleted_at: null,
    };
    return teamOf(
      row,
      userRole,
      state.projects.map((p) => projectOf(state.id, p)),
    );
  }

  async presentMember(teamId: string, member: TeamMemberState): Promise<TeamMember> {
    const users = await this.users(member.userId ? [member.userId] : []);
    return memberOf(
      {
        id: member.id,
        team_id: teamId,
        user_id: member.userId,
        email: member.email,
        role: member.role,
        status: member.status,
        created_at: member.createdAt,
        team_version: 0,
        deleted_at: null,
      },
      users,
    );
  }
}
