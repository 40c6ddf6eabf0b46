import { Query } from '@nestjs/cqrs';
import { History } from '@kiln/contracts';
import { AnyRecordType } from '../../record-type';

/** A record's timeline, oldest first. */
export class RecordHistoryQuery extends Query<History> {
  constructor(
    readonly type: AnyRecordType,
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
