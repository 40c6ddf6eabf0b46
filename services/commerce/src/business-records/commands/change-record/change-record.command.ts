/* eslint-disable @typescript-eslint/no-explicit-any */
import { Command } from '@nestjs/cqrs';
import { RecordFact, RecordState } from '@kiln/domain';
import { RecordTransaction } from '../../ports/record-store.port';
import { BusinessRecordType, RecordChange, RecordJson } from '../../record-type';

export interface ChangeOptions {
  /** The version the client read (`If-Match`): a change since answers 412 instead of being retried. */
  ifMatch?: number;
  /** Who must be allowed: 'change' (default) for people's commands; 'system' skips the check (a reaction to another context's event). */
  authorize?: 'change' | 'system';
  /** The change acts on a removed record (an undo of its removal); otherwise a removed record answers 404. */
  onRemoved?: boolean;
  /** More writes in the append's transaction, given the state the change was decided on. */
  alsoInTransaction?: (trx: RecordTransaction, state: RecordState<any>) => Promise<void>;
}

/** Any change of a record: `decide` gives the fact from its current state (null: nothing to change). */
export class ChangeRecordCommand<R extends RecordJson = RecordJson> extends Command<RecordChange<R>> {
  constructor(
    readonly type: BusinessRecordType<any, any, any, R>,
    readonly actorId: string,
    readonly id: string,
    readonly decide: (state: RecordState<any>, at: Date) => RecordFact | null,
    readonly options: ChangeOptions = {},
  ) {
    super();
  }
}
