import { Query } from '@nestjs/cqrs';
import { SkuMappingList } from '@kiln/contracts';

/** The SKUs of a store connection mapped to catalog items (ADR 0060). */
export class ListSkuMappingsQuery extends Query<SkuMappingList> {
  constructor(
    readonly actorId: string,
    readonly connectionId: string,
  ) {
    super();
  }
}
