import { Command } from '@nestjs/cqrs';
import { AssetItemKind, CreateAssetItemBody } from '@kiln/contracts';
import { AssetItemState } from '@kiln/domain';

/** What an item command committed: the item's state after it, and the events it wrote. */
export interface AssetItemChange {
  item: AssetItemState;
  eventIds: string[];
}

export class CreateAssetItemCommand extends Command<AssetItemChange> {
  constructor(
    readonly actorId: string,
    readonly kind: AssetItemKind,
    readonly body: CreateAssetItemBody,
  ) {
    super();
  }
}
