/* eslint-disable @typescript-eslint/no-explicit-any */
import { Command } from '@nestjs/cqrs';
import { BusinessRecordType, RecordChange, RecordJson } from '../../record-type';

/** DELETE a record of `type` (optionally If-Match). */
export class DeleteRecordCommand<R extends RecordJson = RecordJson> extends Command<RecordChange<R>> {
  constructor(
    readonly type: BusinessRecordType<any, any, any, R>,
    readonly actorId: string,
    readonly id: string,
    readonly ifMatch?: number,
  ) {
    super();
  }
}
