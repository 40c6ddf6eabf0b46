import { DomainError } from '@kiln/domain';
import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import { AnyDb, AnyTrx } from '../db/any-schema';

/**
 * `Idempotency-Key` of a create: a repeat with the same key by the same user within 24 h answers the
 * first result and creates nothing; the same key with another request is refused (422).
 *
 * The key is claimed inside the command's own transaction (see `appendToOutbox`), so it is recorded
 * exactly when the creation commits: a crash before the commit leaves neither, and of two parallel
 * repeats the second one's insert waits for the first commit and then fails, rolling its creation back.
 */
export interface IdempotencyClaim {
  userId: string;
  key: string;
  /** The operation the key was used for (`rpc.workspace.model.create`). */
  operation: string;
  /** Hash of the parsed request: the same key with a different body is a client error. */
  requestHash: string;
  /** The id of what the command creates. */
  resourceId: string;
}

export interface IdempotentRecord {
  resourceId: string | null;
  response: unknown | null;
}

export const IDEMPOTENCY_WINDOW_HOURS = 24;
export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used for a different request.';

export function requestHash(request: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(request ?? null))
    .digest('hex');
}

export type Claim = Pick<IdempotencyClaim, 'userId' | 'key' | 'operation' | 'requestHash'>;

/** The earlier result of this key, or null when it was not used (in the window). */
export async function findIdempotent(db: AnyDb, schema: string, claim: Claim): Promise<IdempotentRecord | null> {
  const row = await db
    .withSchema(schema)
    .selectFrom('idempotency_keys')
    .select(['operation', 'request_hash', 'resource_id', 'response'])
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('created_at', '>', sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`)
    .executeTakeFirst();
  if (!row) return null;
  if (row.operation !== claim.operation || row.request_hash !== claim.requestHash) throw new DomainError('unprocessable', IDEMPOTENCY_MISMATCH);
  return { resourceId: row.resource_id, response: row.response };
}

/** Claims the key in the command's transaction. A key older than the window is taken over. */
export async function claimIdempotencyKey(trx: AnyTrx, schema: string, claim: IdempotencyClaim): Promise<void> {
  const values = {
    user_id: claim.userId,
    key: claim.key,
    operation: claim.operation,
    request_hash: claim.requestHash,
    resource_id: claim.resourceId,
    response: null,
    created_at: sql`now()`,
  };
  const claimed = await trx
    .withSchema(schema)
    .insertInto('idempotency_keys')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'key'])
        .doUpdateSet(values)
        .where('idempotency_keys.created_at', '<=', sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`),
    )
    .returning('key')
    .executeTakeFirst();
  if (!claimed) throw new IdempotencyKeyTaken();
}

/** Keeps the answer of the first request, so a repeat answers exactly it. */
export async function rememberIdempotentResponse(db: AnyDb, schema: string, claim: Claim, response: unknown): Promise<void> {
  await db
    .withSchema(schema)
    .updateTable('idempotency_keys')
    .set({ response: JSON.stringify(response) })
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .execute();
}

/** A parallel repeat committed first: the caller answers that one's result instead. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('Idempotency-Key taken by a parallel request');
  }
}

/**
 * Runs a create once per key: answers the remembered result of an earlier use, otherwise runs `create`
 * (which must pass the claim to the transaction that writes its state) and remembers its answer.
 * `present(resourceId)` answers the current state when the first answer was not remembered (a crash
 * between the commit and remembering it).
 */
export async function runIdempotent<T>(
  db: AnyDb,
  schema: string,
  claim: Claim | null,
  create: () => Promise<T>,
  present: (resourceId: string) => Promise<T>,
): Promise<T> {
  if (!claim) return create();
  const replay = async (): Promise<T | null> => {
    const earlier = await findIdempotent(db, schema, claim);
    if (!earlier) return null;
    if (earlier.response !== null) return earlier.response as T;
    return present(earlier.resourceId!);
  };
  const earlier = await replay();
  if (earlier !== null) return earlier;
  try {
    const answer = await create();
    await rememberIdempotentResponse(db, schema, claim, answer);
    return answer;
  } catch (error) {
    if (!(error instanceof IdempotencyKeyTaken)) throw error;
    const first = await replay();
    if (first === null) throw error;
    return first;
  }
}

/** The Idempotency-Key claim of a create (its subject and the request's hash), when the caller sent a key; see runIdempotent. */
export function idempotencyClaim(rpc: { subject: string }, request: { actor: { userId: string }; body: unknown; idempotencyKey?: string }): Claim | null {
  const { actor, body, idempotencyKey } = request;
  return idempotencyKey ? { userId: actor.userId, key: idempotencyKey, operation: rpc.subject, requestHash: requestHash(body) } : null;
}
