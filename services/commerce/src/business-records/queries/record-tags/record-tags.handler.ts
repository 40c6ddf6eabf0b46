import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DistinctTags } from '@kiln/contracts';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { RECORD_READ_MODEL, RecordReadModel } from '../../ports/record-read-model.port';
import { RecordTagsQuery } from './record-tags.query';

/** The tags used in the caller's scope (404 for a team they are not in), distinct, alphabetical. */
@QueryHandler(RecordTagsQuery)
export class RecordTagsHandler implements IQueryHandler<RecordTagsQuery, DistinctTags> {
  constructor(
    @Inject(RECORD_READ_MODEL) private readonly view: RecordReadModel,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
  ) {}

  async execute({ type, actorId, where }: RecordTagsQuery): Promise<DistinctTags> {
    const scope = await this.access.scopeForList(actorId, where);
    return { data: await this.view.tags(type, scope) };
  }
}
