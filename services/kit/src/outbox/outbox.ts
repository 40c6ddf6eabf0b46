import { DomainEvent } from '@kiln/domain';
import { Kysely, sql, Transaction } from 'kysely';
import { randomUUID } from 'node:crypto';
import { eventSubject } from '@kiln/contracts';
import { claimIdempotencyKey, IdempotencyClaim } from '../idempotency/idempotency';

/** Tables the shared plumbing needs in each service's schema; call from the service's first migration. */
export async function createPlumbingTables(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('outbox')
    .addColumn('position', 'bigserial', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('published_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX outbox_unpublished ON ${sql.id(schema, 'outbox')} (position) WHERE published_at IS NULL`.execute(db);
  await db.schema
    .withSchema(schema)
    .createTable('processed_events')
    .addColumn('consumer', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('processed_events_pk', ['consumer', 'event_id'])
    .execute();
}

export interface EventMeta {
  actorId: string | null;
  correlationId?: string;
  causationId?: string | null;
  occurredAt: Date;
  /** The create's Idempotency-Key, claimed in the same transaction as its state and events. */
  idempotency?: IdempotencyClaim;
}

/** The channel the relay LISTENs on; NOTIFY is delivered only when the transaction commits. */
export const outboxChannel = (schema: string) => `${schema}_outbox`;

/**
 * Writes domain events as outbox rows inside the caller's transaction, so state and events
 * commit together or not at all. Returns the integration-event envelopes written.
 */
export async function appendToOutbox(trx: Transaction<any>, schema: string, events: DomainEvent[], meta: EventMeta) {
  if (events.length === 0) return [];
  const correlationId = meta.correlationId ?? randomUUID();
  const envelopes = events.map((event) => ({
    eventId: randomUUID(),
    type: event.type,
    aggregateType: event.aggregateType,
    aggregateId: event.aggregateId,
    occurredAt: meta.occurredAt.toISOString(),
    actorId: meta.actorId,
    correlationId,
    causationId: meta.causationId ?? null,
    // Dates become ISO strings exactly as they will on the wire.
    data: JSON.parse(JSON.stringify(event.data)),
  }));
  await trx
    .withSchema(schema)
    .insertInto('outbox')
    .values(envelopes.map((e) => ({ event_id: e.eventId, type: e.type, payload: JSON.stringify(e) })))
    .execute();
  if (meta.idempotency) await claimIdempotencyKey(trx, schema, meta.idempotency);
  await sql`SELECT pg_notify(${outboxChannel(schema)}, '')`.execute(trx);
  return envelopes;
}

export { eventSubject };
