import { TeamRole } from '@kiln/domain';

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
