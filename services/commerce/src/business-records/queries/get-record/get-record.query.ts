/* eslint-disable @typescript-eslint/no-explicit-any */
import { Query } from '@nestjs/cqrs';
import { BusinessRecordType, RecordJson } from '../../record-type';

/** One record of `type`, or its `version` (the fold of its first N facts). */
export class GetRecordQuery<R extends RecordJson = RecordJson> extends Query<R> {
  constructor(
    readonly type: BusinessRecordType<any, any, any, R>,
    readonly actorId: string,
    readonly id: string,
    readonly version?: number,
  ) {
    super();
  }
}
