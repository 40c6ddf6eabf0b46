import { Command } from '@nestjs/cqrs';
import { Order } from '@kiln/contracts';
import { RecordChange } from '../../../business-records/record-type';

/** Turn a kept store order line into an order, once its SKU is mapped (ADR 0060). */
export class CreateOrderFromStoreCommand extends Command<RecordChange<Order>> {
  constructor(
    readonly actorId: string,
    readonly connectionId: string,
    readonly entryId: string,
  ) {
    super();
  }
}
