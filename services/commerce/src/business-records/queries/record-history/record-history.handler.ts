import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { History } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { NO_ACCOUNT, PEOPLE, People, UNKNOWN_PERSON } from '../../ports/people.port';
import { RECORD_READ_MODEL, RecordReadModel } from '../../ports/record-read-model.port';
import { RecordHistoryQuery } from './record-history.query';

/**
 * A record's timeline, oldest first (from `business_record_history`): each fact's type, version, time,
 * who (with the full name the workspace knows now; "Unknown" for someone erased; NO_ACCOUNT for a customer
 * answering on their link) and what changed.
 */
@QueryHandler(RecordHistoryQuery)
export class RecordHistoryHandler implements IQueryHandler<RecordHistoryQuery, History> {
  constructor(
    @Inject(RECORD_READ_MODEL) private readonly view: RecordReadModel,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
    @Inject(PEOPLE) private readonly people: People,
  ) {}

  async execute({ type, actorId, id }: RecordHistoryQuery): Promise<History> {
    const row = await this.view.find(type, id);
    if (!row || row.deleted) throw new DomainError('not-found', type.rules.notFound);
    await this.access.assertCanRead(actorId, row, type.rules.notFound);
    const entries = await this.view.history(id);
    const names = await this.people.fullNames(
      actorId,
      entries.map((e) => e.by),
    );
    return {
      data: entries.map((e) => ({
        type: e.type,
        version: e.version,
        at: new Date(e.at).toISOString(),
        by: e.by.trim() ? { id: e.by, fullName: names.get(e.by) ?? UNKNOWN_PERSON } : { ...NO_ACCOUNT },
        changes: e.changes as History['data'][number]['changes'],
      })),
    };
  }
}
