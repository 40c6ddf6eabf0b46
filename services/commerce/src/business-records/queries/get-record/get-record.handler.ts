import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError, RECORD_MESSAGES } from '@kiln/domain';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { RECORD_READ_MODEL, RecordReadModel } from '../../ports/record-read-model.port';
import { fold, RECORD_STORE, RecordStore } from '../../ports/record-store.port';
import { RecordJson } from '../../record-type';
import { GetRecordQuery } from './get-record.query';

/**
 * One record from its read model, when the caller may read it (404 otherwise, deleted too). `?version=N`
 * is the fold of its first N facts, read from the event store (a past version is not kept in a read model).
 */
@QueryHandler(GetRecordQuery)
export class GetRecordHandler implements IQueryHandler<GetRecordQuery, RecordJson> {
  constructor(
    @Inject(RECORD_READ_MODEL) private readonly view: RecordReadModel,
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
  ) {}

  async execute({ type, actorId, id, version }: GetRecordQuery): Promise<RecordJson> {
    const row = await this.view.find(type, id);
    if (!row || row.deleted) throw new DomainError('not-found', type.rules.notFound);
    await this.access.assertCanRead(actorId, row, type.rules.notFound);
    if (version === undefined) return row.record as RecordJson;
    const stream = await this.store.stream(type, id);
    const state = stream && version <= stream.facts.length ? fold<object>(stream, version) : null;
    if (!state || state.deleted) throw new DomainError('not-found', RECORD_MESSAGES.noSuchVersion);
    return type.present(state);
  }
}
