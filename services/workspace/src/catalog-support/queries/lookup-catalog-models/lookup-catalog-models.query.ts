import { Query } from '@nestjs/cqrs';
import { CatalogModelSource } from '@kiln/contracts';

/** For the commerce catalog: each model's existence, the caller's right to view it, and its catalog copy. */
export class LookupCatalogModelsQuery extends Query<{ data: CatalogModelSource[] }> {
  constructor(
    readonly actorId: string,
    readonly ids: string[],
  ) {
    super();
  }
}
