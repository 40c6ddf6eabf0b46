import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AssetItemList } from '@kiln/contracts';
import { PgAssetItemReadModel } from '../../adapters/pg-asset-item.read-model';
import { ListAssetItemsQuery } from './list-asset-items.query';

@QueryHandler(ListAssetItemsQuery)
export class ListAssetItemsHandler implements IQueryHandler<ListAssetItemsQuery, AssetItemList> {
  constructor(private readonly readModel: PgAssetItemReadModel) {}

  execute({ actorId, kind, params }: ListAssetItemsQuery): Promise<AssetItemList> {
    return this.readModel.list(actorId, kind, params);
  }
}
