import { ASSETS_STREAM, Media } from '@kiln/contracts';
import { AssetItemAggregate } from '@kiln/domain';
import { appendToOutbox, Projection } from '@kiln/service-kit';
import { Transaction } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { rowToState, stateToRow } from '../adapters/asset-item-row.mapper';

type Trx = Transaction<WorkspaceDatabase>;

/**
 * A reaction to the assets service's `assets.media.processed.v1` (ADR 0052, 0053), in one transaction with
 * its `processed_events` row: the item made of that media (a media is in one item at most) takes the
 * preview through its aggregate, its state and `workspace.asset-item.preview-changed.v1` written together
 * (the read model and the live channels follow). No item (not made yet, or deleted): nothing to do; a
 * create asks the media again once its item is stored.
 */
export const FollowMediaPreviewsOnMediaEvents: Projection = {
  name: 'follow-media-previews-on-media-events',
  stream: ASSETS_STREAM.name,
  subject: 'assets.media.processed.v1',
  async apply(trx, event) {
    const t = trx as Trx;
    const { media } = event.data as { media: Media };
    const row = await t.withSchema(SCHEMA).selectFrom('asset_items').selectAll().where('media_id', '=', media.id).forUpdate().executeTakeFirst();
    if (!row) return;
    const item = AssetItemAggregate.restore(rowToState(row));
    const occurredAt = new Date(event.occurredAt);
    item.followPreview(media.preview);
    const events = item.pullEvents();
    if (events.length === 0) return;
    await t.withSchema(SCHEMA).updateTable('asset_items').set(stateToRow(item.snapshot())).where('id', '=', row.id).execute();
    await appendToOutbox(t, SCHEMA, events, { actorId: event.actorId, correlationId: event.correlationId, causationId: event.eventId, occurredAt });
  },
  // Writes state (and its events), like the other reactions: nothing to rebuild.
  rebuild: async () => 0,
};
