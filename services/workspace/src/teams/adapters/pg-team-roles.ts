import { Inject, Injectable } from '@nestjs/common';
import { TeamRole } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { TEAM_ROLES_PORT, TeamRoles } from '../ports/team-roles.port';

/** TeamRoles from the `team_members` and `projects` state tables. */
@Injectable()
export class PgTeamRoles implements TeamRoles {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async roleOf(teamId: string, userId: string): Promise<TeamRole | null> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('team_members')
      .select('role')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return (row?.role as TeamRole | undefined) ?? null;
  }

  async projectBelongsTo(projectId: string, teamId: string): Promise<boolean> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('projects')
      .select('id')
      .where('id', '=', projectId)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    return Boolean(row);
  }
}

/** Nest providers for the port: inject with `@Inject(TEAM_ROLES_PORT) roles: TeamRoles`. */
export const teamRolesProviders = [PgTeamRoles, { provide: TEAM_ROLES_PORT, useExisting: PgTeamRoles }];
