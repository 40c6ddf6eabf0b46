import { Query } from '@nestjs/cqrs';
import { StoreOrderEntryList } from '@kiln/contracts';

/** Store order lines kept because their SKU has no mapping yet (ADR 0060). */
export class ListNeedsMappingQuery extends Query<StoreOrderEntryList> {
  constructor(
    readonly actorId: string,
    readonly connectionId: string,
  ) {
    super();
  }
}
