import { Inject, Injectable } from '@nestjs/common';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { PushAudience } from '../queries/get-push-audience/get-push-audience.query';

type TeamRole = PushAudience['teams'][number]['role'];
type ShareRole = PushAudience['shares'][number]['role'];

/**
 * Reads the STATE tables, not the read models, on purpose (ADR 0019): an event is published only after
 * its transaction commits, while a projection applies it some time later. The BFF joins a socket to its
 * user room before asking, so every membership event is covered either by the BFF (the socket is in the
 * user room when the event arrives) or by this answer (the event committed before this read). Reading a
 * lagging read model would leave a hole between the two.
 *
 * Only what gives the right to see pushes: active memberships of existing teams (pending invites have
 * no user yet) and shares with an account, of models that still exist.
 */
@Injectable()
export class PgPushAudienceReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async of(actorId: string): Promise<PushAudience> {
    const db = this.db.withSchema(SCHEMA);
    const [teams, shares] = await Promise.all([
      db
        .selectFrom('team_members as m')
        .innerJoin('teams as t', 't.id', 'm.team_id')
        .select(['m.team_id', 'm.role'])
        .where('m.user_id', '=', actorId)
        .where('m.status', '=', 'active')
        .orderBy('m.team_id')
        .execute(),
      db
        .selectFrom('model_shares as s')
        .innerJoin('models as mo', 'mo.id', 's.model_id')
        .select(['s.model_id', 's.role'])
        .where('s.user_id', '=', actorId)
        .orderBy('s.model_id')
        .execute(),
    ]);
    return {
      teams: teams.map((row) => ({ teamId: row.team_id, role: row.role as TeamRole })),
      shares: shares.map((row) => ({ modelId: row.model_id, role: row.role as ShareRole })),
    };
  }
}
