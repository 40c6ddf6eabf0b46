import { ASSET_ITEM_MESSAGES } from '@kiln/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { AssetItemAggregate } from '@kiln/domain';
import { DB, EventMeta, saveVersioned } from '@kiln/service-kit';
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
    const write = {
      table: 'asset_items' as const,
      row: stateToRow(item.snapshot()),
      loadedVersion: item.loadedVersion,
      deleted: item.isDeleted,
      // A media is in one item at most (unique `media_id`): a second item of it inserts nothing.
      unique: { column: 'media_id' as const, message: ASSET_ITEM_MESSAGES.mediaTaken },
    };
    return saveVersioned(this.db, SCHEMA, write, events, meta);
  }
}
