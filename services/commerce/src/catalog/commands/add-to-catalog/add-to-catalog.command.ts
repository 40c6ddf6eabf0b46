import { Command } from '@nestjs/cqrs';
import { AddCatalogItemBody, CatalogItem } from '@kiln/contracts';
import { IdempotencyClaim } from '@kiln/service-kit';
import { RecordChange } from '../../../business-records/record-type';

/** Add models to catalogs: one body (POST, may carry an Idempotency-Key) or many (create-multiple). */
export class AddToCatalogCommand extends Command<RecordChange<CatalogItem>[]> {
  constructor(
    readonly actorId: string,
    readonly bodies: AddCatalogItemBody[],
    readonly idempotency?: Omit<IdempotencyClaim, 'resourceId'>,
  ) {
    super();
  }
}
