import { Inject, Injectable } from '@nestjs/common';
import { DomainError, teamAllows } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { CommerceDatabase, SCHEMA } from '../../database.types';
import { ACCESS_MESSAGES, BusinessAccess, ListScope, RecordRight, ScopeOf, TeamRole } from '../ports/business-access.port';

/** Answers from the commerce copy of the workspace's teams (`business_team_members`, kept by FollowTeamsOnTeamEvents). */
@Injectable()
export class PgBusinessAccess implements BusinessAccess {
  constructor(@Inject(DB) private readonly db: Kysely<CommerceDatabase>) {}

  async roleIn(userId: string, teamId: string): Promise<TeamRole | null> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('business_team_members as m')
      .innerJoin('business_teams as t', 't.id', 'm.team_id')
      .select('m.role')
      .where('m.team_id', '=', teamId)
      .where('m.user_id', '=', userId)
      .where('m.active', '=', true)
      .where('t.deleted', '=', false)
      .executeTakeFirst();
    return (row?.role as TeamRole | undefined) ?? null;
  }

  async rightOn(userId: string, scope: ScopeOf): Promise<RecordRight> {
    if (scope.teamId === null) return scope.ownerId === userId ? 'change' : 'none';
    const role = await this.roleIn(userId, scope.teamId);
    if (!role) return 'none';
    return teamAllows(role, 'business.change') ? 'change' : 'read';
  }

  async assertCanChange(userId: string, scope: ScopeOf, notFound: string): Promise<void> {
    const right = await this.rightOn(userId, scope);
    if (right === 'none') throw new DomainError('not-found', notFound);
    if (right === 'read') throw new DomainError('forbidden', ACCESS_MESSAGES.viewerCannotChange);
  }

  async assertCanRead(userId: string, scope: ScopeOf, notFound: string): Promise<void> {
    if ((await this.rightOn(userId, scope)) === 'none') throw new DomainError('not-found', notFound);
  }

  async scopeForCreate(userId: string, requested: { teamId?: string | null; projectId?: string | null }) {
    const { teamId, projectId } = await this.resolve(userId, requested);
    if (!teamId) return { ownerId: userId, teamId: null, projectId: null };
    const role = await this.roleIn(userId, teamId);
    if (!teamAllows(role, 'business.change')) throw new DomainError('forbidden', ACCESS_MESSAGES.viewerCannotChange);
    return { ownerId: userId, teamId, projectId: projectId ?? null };
  }

  async scopeForList(userId: string, where: { teamId?: string | null; projectId?: string | null } | undefined): Promise<ListScope> {
    const { teamId, projectId } = await this.resolve(userId, where ?? {});
    if (!teamId) return { kind: 'personal', ownerId: userId };
    return { kind: 'team', teamId, ...(projectId !== undefined ? { projectId } : {}) };
  }

  /** The team (a project names its own) after checking the user is in it; 404 otherwise. */
  private async resolve(
    userId: string,
    requested: { teamId?: string | null; projectId?: string | null },
  ): Promise<{ teamId: string | null; projectId?: string | null }> {
    let teamId = requested.teamId ?? null;
    const projectId = requested.projectId;
    if (projectId) {
      const project = await this.db
        .withSchema(SCHEMA)
        .selectFrom('business_projects')
        .select('team_id')
        .where('id', '=', projectId)
        .where('deleted', '=', false)
        .executeTakeFirst();
      // A project of another team, or of a team the user is not in, is as unknown as a missing one.
      if (!project || (teamId && project.team_id.trim() !== teamId)) throw new DomainError('not-found', ACCESS_MESSAGES.projectNotFound);
      teamId = project.team_id.trim();
      if (!(await this.roleIn(userId, teamId))) throw new DomainError('not-found', ACCESS_MESSAGES.projectNotFound);
      return { teamId, projectId };
    }
    if (teamId && !(await this.roleIn(userId, teamId))) throw new DomainError('not-found', ACCESS_MESSAGES.teamNotFound);
    return teamId ? { teamId, ...(projectId === null ? { projectId: null } : {}) } : { teamId: null };
  }
}
