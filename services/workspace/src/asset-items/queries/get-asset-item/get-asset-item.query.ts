import { Query } from '@nestjs/cqrs';
import { AssetItem, AssetItemKind } from '@kiln/contracts';

export class GetAssetItemQuery extends Query<AssetItem> {
  constructor(
    readonly actorId: string,
    readonly kind: AssetItemKind,
    readonly id: string,
  ) {
    super();
  }
}
