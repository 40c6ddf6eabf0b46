import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { RECORD_READ_MODEL, RecordReadModel } from '../../ports/record-read-model.port';
import { RecordJson } from '../../record-type';
import { ListRecordsQuery } from './list-records.query';

/**
 * My personal records, or a team's (a project's) when I am in it (404 otherwise); searched, sorted and
 * paged by the read model (20 a page, `total` counts the whole scope).
 */
@QueryHandler(ListRecordsQuery)
export class ListRecordsHandler implements IQueryHandler<ListRecordsQuery, { data: RecordJson[]; total: number }> {
  constructor(
    @Inject(RECORD_READ_MODEL) private readonly view: RecordReadModel,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
  ) {}

  async execute({ type, actorId, query }: ListRecordsQuery): Promise<{ data: RecordJson[]; total: number }> {
    const scope = await this.access.scopeForList(actorId, query.where);
    const page = await this.view.page(type, scope, query);
    return { data: page.data as RecordJson[], total: page.total };
  }
}
