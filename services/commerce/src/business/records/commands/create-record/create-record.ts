import { decideCreate } from '@kiln/domain';
import { IdempotencyClaim, newId } from '@kiln/service-kit';
import { Transaction } from 'kysely';
import { CommerceDatabase } from '../../../../database.types';
import { RecordDeps } from '../../business-records.deps';
import { BusinessRecordType, RecordJson } from '../../record-type';

export interface RecordChange<R> {
  record: R;
  /** The events written (empty when nothing changed): wait for the projection on them before answering. */
  eventIds: string[];
}

export interface CreateOptions {
  /** The create's Idempotency-Key claim (see runIdempotent); claimed with the record's first fact. */
  idempotency?: Omit<IdempotencyClaim, 'resourceId'>;
  /** More writes in the same transaction (e.g. a uniqueness claim). */
  alsoInTransaction?: (trx: Transaction<CommerceDatabase>, id: string) => Promise<void>;
}

/**
 * Creates a record: its scope (personal, or a team's / project's the caller may change; ADR 0029), the
 * domain's rules on the input (400 with the spec's sentence, nothing written), then its created fact.
 * `input` is the contract's create body; `teamId` / `projectId` choose the scope, the rest goes to the rules.
 */
export async function createRecord<F extends object, C, R extends RecordJson>(
  deps: RecordDeps,
  type: BusinessRecordType<F, C, unknown, R>,
  actorId: string,
  input: C & { teamId?: string | null; projectId?: string | null },
  options: CreateOptions = {},
): Promise<RecordChange<R>> {
  const { teamId, projectId, ...fields } = input;
  const scope = await deps.access.scopeForCreate(actorId, { teamId, projectId });
  const at = deps.clock.now();
  const { fact } = decideCreate(type.rules, fields as C, actorId, at);
  const id = newId(at);
  const written = await deps.store.append<F>(
    type,
    { id, current: null, scope },
    [fact],
    { actorId, occurredAt: at, ...(options.idempotency ? { idempotency: { ...options.idempotency, resourceId: id } } : {}) },
    options.alsoInTransaction ? (trx) => options.alsoInTransaction!(trx, id) : undefined,
  );
  return { record: type.present(written.state), eventIds: written.eventIds };
}
