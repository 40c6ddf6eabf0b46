import { WORKSPACE_STREAM } from '@kiln/contracts';
import { notificationsForTeamEvent, subjectDeletedBy, TeamFact } from '@kiln/domain';
import { Projection } from '@kiln/service-kit';
import { causeOf, createNotifications, disableNotificationsAbout } from '../adapters/notification-store';
import { fullNames } from '../adapters/people-and-models';

/**
 * A reaction, not a read model: team facts become notifications in the `notifications` state (with their
 * outbox events), in the transaction that records the event as processed, so each fact acts once.
 * Added to a team (at once, or when a pending invite's person signs up), a role changed, removed by the
 * owner; a deleted team disables its notifications. Team events keep their order (one aggregate).
 */
export const NotifyOnTeamEvents: Projection = {
  name: 'notify-on-team-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.team.>',
  async apply(trx, event) {
    const deleted = subjectDeletedBy(event);
    if (deleted) {
      await disableNotificationsAbout(trx, deleted.kind, deleted.id, causeOf(event), new Date(event.occurredAt));
      return;
    }
    // First learn who is named (most team facts notify nobody), then read only those names.
    const named: string[] = [];
    if (notificationsForTeamEvent(event as TeamFact, (id) => (named.push(id), '')).length === 0) return;
    const drafts = notificationsForTeamEvent(event as TeamFact, await fullNames(trx, named));
    await createNotifications(trx, drafts, causeOf(event), new Date(event.occurredAt));
  },
  // It writes state, which a rebuild of read models must not touch (nor repeat).
  rebuild: async () => 0,
};
