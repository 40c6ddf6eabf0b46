import { Inject, Injectable } from '@nestjs/common';
import { ModelActor, ModelAggregate, ShareRole, TeamRole } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { rowToState } from './model-row.mapper';
import { ModelRow, SCHEMA, WorkspaceDatabase } from '../../database.types';

/** A model as a command loads it, with the caller's grants on it. */
export interface ModelWithActor {
  model: ModelAggregate;
  actor: ModelActor;
}

/**
 * The grants a caller holds on a model, for commands: their active role in the model's team (as
 * `TeamRoles.roleOf` reads it) and the role it was shared with them. Both come from the state tables, never
 * the views, so a command does not act on a lagging projection. The model aggregate turns them into a
 * role with the policy table (`modelRoleFor`).
 */
@Injectable()
export class ModelAccess {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  /**
   * The model and the caller's grants on it in ONE statement (a command's first read; each round trip
   * counts at 100 commands a second): the same reads as `findById` and `actorFor`, as correlated
   * look-ups beside the row. Null when there is no such model.
   */
  async load(id: string, userId: string): Promise<ModelWithActor | null> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('models as m')
      .selectAll('m')
      .select((eb) => [
        // As TeamRoles.roleOf: the caller's active membership of the model's team.
        eb
          .selectFrom('team_members as tm')
          .select('tm.role')
          .whereRef('tm.team_id', '=', 'm.team_id')
          .where('tm.user_id', '=', userId)
          .where('tm.status', '=', 'active')
          .limit(1)
          .as('grant_team_role'),
        eb.selectFrom('model_shares as s').select('s.role').whereRef('s.model_id', '=', 'm.id').where('s.user_id', '=', userId).limit(1).as('grant_share_role'),
      ])
      .where('m.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const { grant_team_role: teamRole, grant_share_role: shareRole, ...model } = row;
    return {
      model: ModelAggregate.restore(rowToState(model as ModelRow)),
      actor: { userId, teamRole: model.team_id ? ((teamRole as TeamRole | null) ?? null) : null, shareRole: (shareRole as ShareRole | null) ?? null },
    };
  }
}
