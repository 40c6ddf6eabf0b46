import { Command } from '@nestjs/cqrs';
import { SetSkuMappingBody, SkuMappingList } from '@kiln/contracts';

/** Map a SKU of the store to a catalog item, or forget its mapping (ADR 0060). */
export class SetSkuMappingCommand extends Command<SkuMappingList> {
  constructor(
    readonly actorId: string,
    readonly connectionId: string,
    readonly mapping: SetSkuMappingBody,
  ) {
    super();
  }
}
