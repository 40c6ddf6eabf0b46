import { Query } from '@nestjs/cqrs';
import { DistinctTags } from '@kiln/contracts';
import { AnyRecordType } from '../../record-type';

/** The tags used in one scope (suggestions while typing). */
export class RecordTagsQuery extends Query<DistinctTags> {
  constructor(
    readonly type: AnyRecordType,
    readonly actorId: string,
    readonly where?: { teamId?: string | null; projectId?: string | null },
  ) {
    super();
  }
}
