import { Query } from '@nestjs/cqrs';
import { OrderListQuery } from '@kiln/contracts';
import { AnyRecordType } from '../../../business-records/record-type';

/** A page of orders or quotes of one scope (spec 002 §7). */
export class ListDealsQuery extends Query<{ data: unknown[]; total: number }> {
  constructor(
    readonly type: AnyRecordType,
    readonly actorId: string,
    readonly query: Partial<OrderListQuery>,
  ) {
    super();
  }
}
