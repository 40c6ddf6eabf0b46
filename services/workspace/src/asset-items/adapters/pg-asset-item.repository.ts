import { ASSET_ITEM_MESSAGES, COMMON_MESSAGES } from '@kiln/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { AssetItemAggregate, DomainError } from '@kiln/domain';
import { appendToOutbox, DB, EventMeta, writeWithOutbox } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { AssetItemRepository } from '../ports/asset-item.repository.port';
import { rowToState, stateToRow } from './asset-item-row.mapper';

/** The items' state and their events: the only SQL of the write side of images, vector graphics and 3D objects. */
@Injectable()
export class PgAssetItemRepository implements AssetItemRepository {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async findById(id: string): Promise<AssetItemAggregate | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('asset_items').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? AssetItemAggregate.restore(rowToState(row)) : null;
  }

  async save(item: AssetItemAggregate, meta: EventMeta): Promise<string[]> {
    const events = item.pullEvents();
    if (events.length === 0) return [];
    const row = stateToRow(item.snapshot());
    const t = this.db.withSchema(SCHEMA);
    if (item.isDeleted) {
      return this.db.transaction().execute(async (trx) => {
        const gone = await trx
          .withSchema(SCHEMA)
          .deleteFrom('asset_items')
          .where('id', '=', row.id)
          .where('version', '=', item.loadedVersion)
          .returning('id')
          .executeTakeFirst();
        if (!gone) throw new DomainError('conflict', COMMON_MESSAGES.changedMeanwhile);
        return (await appendToOutbox(trx, SCHEMA, events, meta)).map((e) => e.eventId);
      });
    }
    const isNew = item.loadedVersion === 0;
    // A media is in one item at most (unique `media_id`): a second item of it inserts nothing.
    const change = isNew
      ? t
          .insertInto('asset_items')
          .values(row)
          .onConflict((oc) => oc.column('media_id').doNothing())
          .returning('id')
      : t.updateTable('asset_items').set(row).where('id', '=', row.id).where('version', '=', item.loadedVersion).returning('id');
    const { changed, envelopes } = await writeWithOutbox(this.db, SCHEMA, change, events, meta);
    if (changed !== 1) throw new DomainError('conflict', isNew ? ASSET_ITEM_MESSAGES.mediaTaken : COMMON_MESSAGES.changedMeanwhile);
    return envelopes.map((e) => e.eventId);
  }
}
