import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AssetItem } from '@kiln/contracts';
import { PgAssetItemReadModel } from '../../adapters/pg-asset-item.read-model';
import { GetAssetItemQuery } from './get-asset-item.query';

/** One item the caller may see (404 otherwise): the item's page, the BFF's file routes, a model's source (ADR 0052). */
@QueryHandler(GetAssetItemQuery)
export class GetAssetItemHandler implements IQueryHandler<GetAssetItemQuery, AssetItem> {
  constructor(private readonly readModel: PgAssetItemReadModel) {}

  execute({ actorId, kind, id }: GetAssetItemQuery): Promise<AssetItem> {
    return this.readModel.get(actorId, kind, id);
  }
}
