/* eslint-disable @typescript-eslint/no-explicit-any */
import { Command } from '@nestjs/cqrs';
import { IdempotencyClaim } from '@kiln/service-kit';
import { RecordTransaction } from '../../ports/record-store.port';
import { BusinessRecordType, RecordChange, RecordJson } from '../../record-type';

export interface CreateOptions {
  /** The create's Idempotency-Key claim (see runIdempotent); claimed with the record's first fact. */
  idempotency?: Omit<IdempotencyClaim, 'resourceId'>;
  /** More writes in the same transaction (e.g. a uniqueness claim), by an adapter. */
  alsoInTransaction?: (trx: RecordTransaction, id: string) => Promise<void>;
}

/**
 * Create a record of `type`. `input` is the contract's create body: `teamId` / `projectId` choose the
 * scope, the rest goes to the type's rules.
 */
export class CreateRecordCommand<R extends RecordJson = RecordJson> extends Command<RecordChange<R>> {
  constructor(
    readonly type: BusinessRecordType<any, any, any, R>,
    readonly actorId: string,
    readonly input: { teamId?: string | null; projectId?: string | null } & Record<string, unknown>,
    readonly options: CreateOptions = {},
  ) {
    super();
  }
}
