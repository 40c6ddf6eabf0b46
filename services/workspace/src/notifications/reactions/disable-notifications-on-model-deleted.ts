import { WORKSPACE_STREAM } from '@kiln/contracts';
import { subjectDeletedBy } from '@kiln/domain';
import { Projection } from '@kiln/service-kit';
import { causeOf, disableNotificationsAbout } from '../adapters/notification-store';

/** A reaction: a deleted model's notifications are disabled ('This model deleted by user', spec 000 §4). */
export const DisableNotificationsOnModelDeleted: Projection = {
  name: 'disable-notifications-on-model-deleted',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.model.deleted.v1',
  async apply(trx, event) {
    const deleted = subjectDeletedBy(event);
    if (deleted) await disableNotificationsAbout(trx, deleted.kind, deleted.id, causeOf(event), new Date(event.occurredAt));
  },
  rebuild: async () => 0,
};
