import { AnyEventEnvelope, ModelSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { EventMeta, Projection } from '@kiln/service-kit';
import { Transaction } from 'kysely';
import { WorkspaceDatabase } from '../../database.types';
import { modelIsLiveIn } from '../../models/adapters/model-liveness';
import { allOfModelIn, saveFavoriteIn, saveShareIn } from '../adapters/pg-sharing.repository';

/** The events a reaction writes are caused by the one it reacts to, in the same correlation. */
export const causedBy = (event: AnyEventEnvelope): EventMeta => ({
  actorId: null,
  occurredAt: new Date(event.occurredAt),
  correlationId: event.correlationId,
  causationId: event.eventId,
});

/**
 * When a model is deleted its shares and favorites end (`model-share.removed.v1` with `removedBy` null,
 * `favorite.removed.v1`). A reaction, not a projection: it writes state and outbox in the runner's
 * transaction, where the runner also records the event as processed, so a redelivery does nothing.
 * It has no read model of its own, so a rebuild has nothing to do.
 */
export const EndSharesAndFavoritesOnModelDeleted: Projection = {
  name: 'end-shares-and-favorites-on-model-deleted',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.model.deleted.v1',
  async apply(trx, event) {
    const db = trx as Transaction<WorkspaceDatabase>;
    const model = (event.data as { model: ModelSnapshot }).model;
    const meta = causedBy(event);
    // Restored before this reaction ran (ADR 0048): its shares and favorites stay.
    if (await modelIsLiveIn(db, model.id)) return;
    const { shares, favorites } = await allOfModelIn(db, model.id);
    for (const share of shares) {
      share.endWithModel(meta.occurredAt);
      await saveShareIn(db, share, meta);
    }
    for (const favorite of favorites) {
      favorite.endWithModel();
      await saveFavoriteIn(db, favorite, meta);
    }
  },
  async rebuild() {
    return 0;
  },
};
