import { AssetItemAggregate } from '@kiln/domain';
import { EventMeta } from '@kiln/service-kit';

export const ASSET_ITEM_REPOSITORY = Symbol('AssetItemRepository');

export interface AssetItemRepository {
  findById(id: string): Promise<AssetItemAggregate | null>;
  /**
   * Writes the item's new state and its events (outbox) in one transaction; returns the event ids. A new
   * item whose media is already in an item is refused (409, ADR 0052: a media is in one item at most).
   */
  save(item: AssetItemAggregate, meta: EventMeta): Promise<string[]>;
}
