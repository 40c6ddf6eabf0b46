import { Command } from '@nestjs/cqrs';
import { Order, UpdateOrderBody } from '@kiln/contracts';
import { RecordChange } from '../../../business-records/record-type';

/** PATCH an order (spec 002 §7): accept, decline with the reason, mark as complete, or the customer. */
export class ChangeOrderCommand extends Command<RecordChange<Order>> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly changes: UpdateOrderBody,
    readonly ifMatch?: number,
  ) {
    super();
  }
}
