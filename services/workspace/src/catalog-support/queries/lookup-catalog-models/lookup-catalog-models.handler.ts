import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CatalogModelSource } from '@kiln/contracts';
import { PgCatalogModelsReadModel } from '../../adapters/pg-catalog-models.read-model';
import { LookupCatalogModelsQuery } from './lookup-catalog-models.query';

/** For the commerce catalog: each asked model as missing, forbidden to the caller, or viewable with its name and author. */
@QueryHandler(LookupCatalogModelsQuery)
export class LookupCatalogModelsHandler implements IQueryHandler<LookupCatalogModelsQuery, { data: CatalogModelSource[] }> {
  constructor(private readonly models: PgCatalogModelsReadModel) {}

  async execute({ actorId, ids }: LookupCatalogModelsQuery): Promise<{ data: CatalogModelSource[] }> {
    return { data: await this.models.lookup(actorId, ids) };
  }
}
