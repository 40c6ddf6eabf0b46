import { ModelShareSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { notificationForShare } from '@kiln/domain';
import { Projection } from '@kiln/service-kit';
import { causeOf, createNotifications } from '../adapters/notification-store';
import { fullNames, modelName } from '../adapters/people-and-models';

/** Which share facts tell the person: shared with them (at once, or once they signed up), or their role changed. */
const CHANGED: Record<string, boolean | undefined> = {
  'workspace.model-share.created.v1': false,
  'workspace.model-share.activated.v1': false,
  'workspace.model-share.role-changed.v1': true,
};

/**
 * A reaction (see NotifyOnTeamEvents): a model shared with someone who has an account, or their role on
 * it changed, notifies them, naming the model and the sharer as they are when it is made.
 */
export const NotifyOnShareEvents: Projection = {
  name: 'notify-on-share-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.model-share.>',
  async apply(trx, event) {
    const changed = CHANGED[event.type];
    const { share } = event.data as { share: ModelShareSnapshot };
    // Pending (no account yet): told on activation. Nobody is told about their own act.
    if (changed === undefined || !share.userId || share.userId === share.sharedById) return;
    const nameOf = await fullNames(trx, [share.sharedById]);
    const draft = notificationForShare({
      recipientUserId: share.userId,
      modelId: share.modelId,
      modelName: await modelName(trx, share.modelId),
      sharedByName: nameOf(share.sharedById),
      role: share.role,
      changed,
    });
    await createNotifications(trx, [draft], causeOf(event), new Date(event.occurredAt));
  },
  rebuild: async () => 0,
};
