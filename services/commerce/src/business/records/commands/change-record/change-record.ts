import { decideDelete, decideUpdate, DomainError, RECORD_MESSAGES, RecordFact, RecordState } from '@kiln/domain';
import { isStreamConflict } from '../../../../event-store/event-store';
import { Transaction } from 'kysely';
import { CommerceDatabase } from '../../../../database.types';
import { RecordDeps } from '../../business-records.deps';
import { BusinessRecordType, RecordJson } from '../../record-type';
import { RecordChange } from '../create-record/create-record';

/** Enough for 50 writers racing on one record: each round, one of them lands. */
const MAX_ATTEMPTS = 100;

export interface ChangeOptions {
  /** The version the client read (`If-Match`): a change since answers 412 instead of being retried. */
  ifMatch?: number;
  /** Who must be allowed: 'change' (default) for people's commands; 'system' skips the check (a reaction to another context's event). */
  authorize?: 'change' | 'system';
  alsoInTransaction?: (trx: Transaction<CommerceDatabase>) => Promise<void>;
}

/**
 * Changes a record (ADR 0029): loads and folds its stream, checks the caller may change it (outsiders 404,
 * team viewers 403), asks `decide` for the fact (null: nothing to change) and appends it at the version it
 * read. When another writer appended first (UNIQUE(stream_id, version)) the caller either sent `If-Match`
 * — then the version it read is no longer current: 412 — or did not, and the command runs again on the
 * fresh state, so concurrent writers without If-Match never lose an update.
 */
export async function changeRecord<F extends object, R extends RecordJson>(
  deps: RecordDeps,
  type: BusinessRecordType<F, unknown, unknown, R>,
  actorId: string,
  id: string,
  decide: (state: RecordState<F>, at: Date) => RecordFact | null,
  options: ChangeOptions = {},
): Promise<RecordChange<R>> {
  for (let attempt = 1; ; attempt++) {
    const state = await deps.store.load<F>(type, id);
    if (!state || state.deleted) throw new DomainError('not-found', type.rules.notFound);
    if (options.authorize !== 'system') await deps.access.assertCanChange(actorId, state, type.rules.notFound);
    const at = deps.clock.now();
    const fact = decide(state, at);
    if (!fact) return { record: type.present(state), eventIds: [] };
    try {
      const written = await deps.store.append<F>(type, { id, current: state, scope: state }, [fact], { actorId, occurredAt: at }, options.alsoInTransaction);
      return { record: type.present(written.state), eventIds: written.eventIds };
    } catch (error) {
      if (!isStreamConflict(error)) throw error;
      if (options.ifMatch !== undefined) throw new DomainError('precondition-failed', RECORD_MESSAGES.changedMeanwhile);
      if (attempt >= MAX_ATTEMPTS) throw new DomainError('conflict', RECORD_MESSAGES.changedMeanwhile);
      // A short random pause spreads the retries of many writers.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * Math.min(attempt, 5)));
    }
  }
}

/** PATCH: the rules' update of the input (400 with the spec's sentence; 412 on a stale If-Match). */
export function updateRecord<F extends object, U, R extends RecordJson>(deps: RecordDeps, type: BusinessRecordType<F, unknown, U, R>, actorId: string, id: string, input: U, ifMatch?: number): Promise<RecordChange<R>> {
  return changeRecord(deps, type, actorId, id, (state, at) => decideUpdate(type.rules, state, input, actorId, at, ifMatch), { ifMatch });
}

/** DELETE: a deleted fact; the record then answers 404 (its timeline stays in the events). */
export function deleteRecord<F extends object, R extends RecordJson>(deps: RecordDeps, type: BusinessRecordType<F, unknown, unknown, R>, actorId: string, id: string, ifMatch?: number): Promise<RecordChange<R>> {
  return changeRecord(deps, type, actorId, id, (state, at) => decideDelete(type.rules, state, actorId, at, ifMatch), { ifMatch });
}
