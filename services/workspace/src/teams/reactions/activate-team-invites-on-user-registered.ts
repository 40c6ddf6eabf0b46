import { AnyEventEnvelope, WORKSPACE_STREAM } from '@kiln/contracts';
import { Projection } from '@kiln/service-kit';
import { Transaction } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { loadTeam, lockInviteEmail, saveTeam } from '../adapters/pg-team.repository';

/**
 * A reaction, run like a projection: when someone signs up, every pending team invite of their e-mail
 * becomes active. It runs in the runner's transaction, so the `(consumer, event_id)` row, the teams'
 * new state and their outbox rows commit together: an event delivered twice, or to a second service
 * instance, finds its row already there (or waits for it) and changes nothing. Teams are locked
 * `FOR UPDATE`, so a team command running meanwhile is not lost either. It keeps no read model.
 */
export const ActivateTeamInvitesOnUserRegistered: Projection = {
  name: 'activate-team-invites-on-user-registered',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.user.registered.*',
  async apply(anyTrx, event: AnyEventEnvelope) {
    const trx = anyTrx as Transaction<WorkspaceDatabase>;
    const user = await trx.withSchema(SCHEMA).selectFrom('users').select(['id', 'email']).where('id', '=', event.aggregateId).executeTakeFirst();
    if (!user) return; // erased since
    // The invite command takes the same lock: an invite committing now is seen here, or saw the account.
    await lockInviteEmail(trx, user.email);
    const pending = await trx
      .withSchema(SCHEMA)
      .selectFrom('team_members')
      .select('team_id')
      .where('email', '=', user.email.toLowerCase())
      .where('status', '=', 'pending')
      .orderBy('team_id')
      .execute();
    const now = new Date();
    for (const { team_id } of pending) {
      const team = await loadTeam(trx, team_id);
      if (!team?.activatePendingInvite(user, now)) continue;
      await saveTeam(trx, team, { actorId: null, causationId: event.eventId, correlationId: event.correlationId, occurredAt: now });
    }
  },
  async rebuild() {
    return 0; // no read model: nothing to rebuild
  },
};
