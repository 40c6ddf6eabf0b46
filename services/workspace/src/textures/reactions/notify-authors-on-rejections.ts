import { EnvironmentMapSnapshot, TextureSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { CommunityKind, notificationForRejection } from '@kiln/domain';
import { Projection } from '@kiln/service-kit';
import { Transaction } from 'kysely';
import { WorkspaceDatabase } from '../../database.types';
import { causeOf, createNotifications } from '../../notifications/adapters/notification-store';

/**
 * A reaction: a moderator's rejection of a community texture or scene notifies its author (ADR 0061), in the
 * transaction that records the event as processed, so each rejection notifies once (the notification's natural
 * key is the event). One consumer per subject (no multi-subject filters on this NATS).
 */
function notifyOnRejection(kind: CommunityKind): Projection {
  return {
    name: `notify-authors-on-${kind}-rejections`,
    stream: WORKSPACE_STREAM.name,
    subject: `workspace.${kind}.rejected.v1`,
    async apply(trx, event) {
      const data = event.data as { texture?: TextureSnapshot; environmentMap?: EnvironmentMapSnapshot; reason: string | null };
      const item = (data.texture ?? data.environmentMap)!;
      const draft = notificationForRejection({ kind, item, reason: data.reason });
      await createNotifications(trx as Transaction<WorkspaceDatabase>, [draft], causeOf(event), new Date(event.occurredAt));
    },
    // It writes state, which a rebuild of read models must not touch (nor repeat).
    rebuild: async () => 0,
  };
}

export const NotifyAuthorsOnTextureRejections = notifyOnRejection('texture');
export const NotifyAuthorsOnEnvironmentMapRejections = notifyOnRejection('environment-map');
