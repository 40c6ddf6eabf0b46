/* eslint-disable @typescript-eslint/no-explicit-any */
import { Command } from '@nestjs/cqrs';
import { BusinessRecordType, RecordChange, RecordJson } from '../../record-type';

/** Undo the removal of a record of `type` (ADR 0049): the same record, its timeline kept. */
export class RestoreRecordCommand<R extends RecordJson = RecordJson> extends Command<RecordChange<R>> {
  constructor(
    readonly type: BusinessRecordType<any, any, any, R>,
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
