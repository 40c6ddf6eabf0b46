import { Command } from '@nestjs/cqrs';
import { AssetItemKind } from '@kiln/contracts';
import { AssetItemChange } from '../create-asset-item/create-asset-item.command';

export class RenameAssetItemCommand extends Command<AssetItemChange> {
  constructor(
    readonly actorId: string,
    readonly kind: AssetItemKind,
    readonly id: string,
    /** The name without extension, as typed (spec 001 §5). */
    readonly name: string,
  ) {
    super();
  }
}
