import { Command } from '@nestjs/cqrs';
import { AssetItemKind } from '@kiln/contracts';
import { AssetItemChange } from '../create-asset-item/create-asset-item.command';

export class DeleteAssetItemCommand extends Command<AssetItemChange> {
  constructor(
    readonly actorId: string,
    readonly kind: AssetItemKind,
    readonly id: string,
  ) {
    super();
  }
}
