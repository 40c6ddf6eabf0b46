/* eslint-disable @typescript-eslint/no-explicit-any */
import { Query } from '@nestjs/cqrs';
import { BusinessListQuery } from '@kiln/contracts';
import { BusinessRecordType, RecordJson } from '../../record-type';

/** A page of one scope's records of `type` (spec 002 §7). */
export class ListRecordsQuery<R extends RecordJson = RecordJson> extends Query<{ data: R[]; total: number }> {
  constructor(
    readonly type: BusinessRecordType<any, any, any, R>,
    readonly actorId: string,
    readonly query: Partial<BusinessListQuery>,
  ) {
    super();
  }
}
