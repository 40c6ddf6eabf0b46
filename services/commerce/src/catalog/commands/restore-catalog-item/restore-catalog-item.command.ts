import { Command } from '@nestjs/cqrs';
import { CatalogItem } from '@kiln/contracts';
import { RecordChange } from '../../../business-records/record-type';

/** Undo the removal of a catalog item (ADR 0049). */
export class RestoreCatalogItemCommand extends Command<RecordChange<CatalogItem>> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
