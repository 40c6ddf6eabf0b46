import { DomainError, DomainEvent } from '@kiln/domain';
import { appendToOutbox, EventMeta } from '@kiln/service-kit';
import { Kysely, Transaction } from 'kysely';
import { CommerceDatabase, SCHEMA } from '../database.types';

/**
 * The commerce event store (ADR 0022), written once for every event-sourced aggregate of this context
 * (products now; orders, quotes, materials next). A stream is one aggregate's facts, numbered 1, 2, 3…
 * Appending says which version it read: `UNIQUE(stream_id, version)` turns a concurrent append into a
 * conflict, and the outbox rows go in the same transaction, so a fact is published exactly when stored.
 */
export interface StoredFact {
  type: string;
  data: unknown;
  occurredAt: Date;
  version: number;
  eventId: string;
  actorId: string | null;
}

export interface NewFact {
  /** What the events table keeps: the fact itself. */
  fact: { type: string; data: unknown; occurredAt: Date };
  /** What the stream carries: the fact with what consumers need (e.g. the aggregate's state after it). */
  integration: DomainEvent;
}

/** Thrown (as a DomainError 'conflict') when another writer appended to the stream first. */
export const STREAM_CONFLICT = 'events_stream_version';

type Db = Kysely<CommerceDatabase> | Transaction<CommerceDatabase>;

/** One stream's facts, in order. */
export async function readStream(db: Db, streamId: string): Promise<StoredFact[]> {
  const rows = await db
    .withSchema(SCHEMA)
    .selectFrom('events')
    .select(['type', 'data', 'occurred_at', 'version', 'event_id', 'actor_id'])
    .where('stream_id', '=', streamId)
    .orderBy('version')
    .execute();
  return rows.map(toStored);
}

/** Every stream of a type, each in order (rebuilding a read model). */
export async function readStreamsOfType(db: Db, streamType: string): Promise<Map<string, StoredFact[]>> {
  const rows = await db
    .withSchema(SCHEMA)
    .selectFrom('events')
    .select(['stream_id', 'type', 'data', 'occurred_at', 'version', 'event_id', 'actor_id'])
    .where('stream_type', '=', streamType)
    .orderBy('stream_id')
    .orderBy('version')
    .execute();
  const streams = new Map<string, StoredFact[]>();
  for (const row of rows) {
    const list = streams.get(row.stream_id) ?? [];
    list.push(toStored(row));
    streams.set(row.stream_id, list);
  }
  return streams;
}

/**
 * Appends facts after `expectedVersion` (0 for a new stream) with their outbox rows, inside the caller's
 * transaction; answers the event ids. A concurrent append makes the transaction fail with a unique
 * violation: see `isStreamConflict`.
 */
export async function appendToStream(
  trx: Transaction<CommerceDatabase>,
  stream: { type: string; id: string; expectedVersion: number },
  facts: NewFact[],
  meta: EventMeta,
): Promise<string[]> {
  if (facts.length === 0) return [];
  const envelopes = await appendToOutbox(
    trx,
    SCHEMA,
    facts.map((f) => f.integration),
    meta,
  );
  await trx
    .withSchema(SCHEMA)
    .insertInto('events')
    .values(
      facts.map(({ fact }, i) => ({
        event_id: envelopes[i].eventId,
        stream_type: stream.type,
        stream_id: stream.id,
        version: stream.expectedVersion + i + 1,
        type: fact.type,
        data: JSON.stringify(fact.data),
        occurred_at: fact.occurredAt,
        actor_id: meta.actorId,
        correlation_id: envelopes[i].correlationId,
        causation_id: envelopes[i].causationId,
      })),
    )
    .execute();
  return envelopes.map((e) => e.eventId);
}

/** Whether an error is the events table's version check (another writer appended first). */
export function isStreamConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && e.constraint === STREAM_CONFLICT;
}

/** Runs a write; a lost race on the stream's version becomes a 409 with `message`. */
export async function conflictAs<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isStreamConflict(error)) throw new DomainError('conflict', message);
    throw error;
  }
}

function toStored(row: { type: string; data: unknown; occurred_at: Date | string; version: number; event_id: string; actor_id: string | null }): StoredFact {
  return { type: row.type, data: row.data, occurredAt: new Date(row.occurred_at), version: row.version, eventId: row.event_id, actorId: row.actor_id };
}
