/* eslint-disable @typescript-eslint/no-explicit-any */
import { Command } from '@nestjs/cqrs';
import { BusinessRecordType, RecordChange, RecordJson } from '../../record-type';

/** PATCH a record of `type` with the contract's changes (optionally If-Match). */
export class UpdateRecordCommand<R extends RecordJson = RecordJson> extends Command<RecordChange<R>> {
  constructor(
    readonly type: BusinessRecordType<any, any, any, R>,
    readonly actorId: string,
    readonly id: string,
    readonly changes: unknown,
    readonly ifMatch?: number,
  ) {
    super();
  }
}
