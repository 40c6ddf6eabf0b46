import { Query } from '@nestjs/cqrs';
import { AssetItemKind, AssetItemList, ListAssetItemsQuery as ListAssetItemsParams } from '@kiln/contracts';

export class ListAssetItemsQuery extends Query<AssetItemList> {
  constructor(
    readonly actorId: string,
    readonly kind: AssetItemKind,
    readonly params: ListAssetItemsParams,
  ) {
    super();
  }
}
