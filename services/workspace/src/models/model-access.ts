import { Inject, Injectable } from '@nestjs/common';
import { ModelActor, ModelState, ShareRole } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../database.types';
import { TEAM_ROLES_PORT, TeamRoles } from '../teams/team-roles';

/**
 * The grants a caller holds on a model, for commands: their active role in the model's team (helper
 * port of the teams area) and the role it was shared with them. Both come from the state tables, never
 * the views, so a command does not act on a lagging projection. The model aggregate turns them into a
 * role with the policy table (`modelRoleFor`).
 */
@Injectable()
export class ModelAccess {
  constructor(
    @Inject(DB) private readonly db: Kysely<WorkspaceDatabase>,
    @Inject(TEAM_ROLES_PORT) private readonly teams: TeamRoles,
  ) {}

  async actorFor(model: ModelState, userId: string): Promise<ModelActor> {
    const [teamRole, share] = await Promise.all([
      model.teamId ? this.teams.roleOf(model.teamId, userId) : null,
      this.db.withSchema(SCHEMA).selectFrom('model_shares').select('role').where('model_id', '=', model.id).where('user_id', '=', userId).executeTakeFirst(),
    ]);
    return { userId, teamRole, shareRole: (share?.role as ShareRole | undefined) ?? null };
  }
}
