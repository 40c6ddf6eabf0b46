import { Query } from '@nestjs/cqrs';
import { CatalogModelLookup } from '@kiln/contracts';

/** A model's preview for adding it, and whether the scope's catalog already has it. */
export class LookUpModelQuery extends Query<CatalogModelLookup> {
  constructor(
    readonly actorId: string,
    readonly query: { modelId: string; teamId?: string | null; projectId?: string | null },
  ) {
    super();
  }
}
