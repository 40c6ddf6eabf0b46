import { Inject, Injectable } from '@nestjs/common';
import { TeamRole } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../database.types';

/**
 * Who someone is in a team, for commands of other areas (models in team scope, sharing). Reads the
 * `team_members` state table, not the views, so a command never acts on a lagging projection.
 */
export interface TeamRoles {
  /** The caller's active role in the team, or null (stranger, pending invite, or no such team). */
  roleOf(teamId: string, userId: string): Promise<TeamRole | null>;
  /** Whether the project exists and belongs to that team. */
  projectBelongsTo(projectId: string, teamId: string): Promise<boolean>;
}

export const TEAM_ROLES_PORT = Symbol('TeamRoles');

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
    const row = await this.db.withSchema(SCHEMA).selectFrom('projects').select('id').where('id', '=', projectId).where('team_id', '=', teamId).executeTakeFirst();
    return Boolean(row);
  }
}

/** Nest providers for the port: inject with `@Inject(TEAM_ROLES_PORT) roles: TeamRoles`. */
export const teamRolesProviders = [PgTeamRoles, { provide: TEAM_ROLES_PORT, useExisting: PgTeamRoles }];
