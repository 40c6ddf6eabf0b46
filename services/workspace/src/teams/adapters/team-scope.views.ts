import { TeamRole } from '@kiln/domain';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

/**
 * A team scope as the read models see it, for the queries of every area that lists in team scope (models,
 * components): the caller's active role in a live team, and the live project's team. Commands use the
 * TeamRoles port (state tables) instead.
 */
export async function activeTeamRole(db: Kysely<WorkspaceDatabase>, teamId: string, userId: string): Promise<TeamRole | null> {
  const row = await db
    .withSchema(SCHEMA)
    .selectFrom('team_member_view as tm')
    .innerJoin('team_view as tv', 'tv.id', 'tm.team_id')
    .select('tm.role')
    .where('tm.team_id', '=', teamId)
    .where('tm.user_id', '=', userId)
    .where('tm.status', '=', 'active')
    .where('tm.deleted_at', 'is', null)
    .where('tv.deleted_at', 'is', null)
    .executeTakeFirst();
  return (row?.role as TeamRole | undefined) ?? null;
}

/** The team of a live project, or null. */
export async function teamOfLiveProject(db: Kysely<WorkspaceDatabase>, projectId: string): Promise<string | null> {
  const row = await db
    .withSchema(SCHEMA)
    .selectFrom('project_view')
    .select('team_id')
    .where('id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.team_id ?? null;
}
