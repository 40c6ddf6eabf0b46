import { Command } from '@nestjs/cqrs';
import { CatalogItem, UpdateCatalogItemBody } from '@kiln/contracts';
import { RecordChange } from '../../../business-records/record-type';

/** PATCH /api/workspace/business-catalog/{id}: rename, reprice, or a new recipe (optionally If-Match). */
export class ChangeCatalogItemCommand extends Command<RecordChange<CatalogItem>> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly changes: UpdateCatalogItemBody,
    readonly ifMatch?: number,
  ) {
    super();
  }
}
