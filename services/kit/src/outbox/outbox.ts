import { DomainEvent } from '@kiln/domain';
import { Compilable, sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { eventSubject } from '@kiln/contracts';
import { executeNamed } from '../db/prepared';
import { claimIdempotencyKey, IdempotencyClaim } from '../idempotency/idempotency';
import { AnyDb, AnyTrx } from '../db/any-schema';

/** Tables the shared plumbing needs in each service's schema; call from the service's first migration. */
export async function createPlumbingTables(db: AnyDb, schema: string): Promise<void> {
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
  await createOutboxAggregateIndex(db, schema);
  await db.schema
    .withSchema(schema)
    .createTable('processed_events')
    .addColumn('consumer', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('processed_events_pk', ['consumer', 'event_id'])
    .execute();
}

/**
 * Each write asks whether an earlier event of its aggregate is still unpublished (ADR 0015); while NATS is
 * down that backlog grows, so the question must not scan it.
 */
export async function createOutboxAggregateIndex(db: AnyDb, schema: string): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS outbox_unpublished_aggregate
    ON ${sql.id(schema, 'outbox')} ((payload->>'aggregateId')) WHERE published_at IS NULL`.execute(db);
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
 *
 * When an OutboxRelay of this schema runs in this process, the envelopes are also kept in memory under a
 * token sent with the NOTIFY: Postgres delivers it only on commit, and the relay then publishes them at
 * once (ADR 0015). The same statement notes which earlier events of these aggregates are still unmarked;
 * unless this process's relay has published all of them itself, these events are left to the relay's
 * drain, which publishes in outbox order, so the stream keeps each aggregate's order.
 */
export async function appendToOutbox(trx: AnyTrx, schema: string, events: DomainEvent[], meta: EventMeta) {
  if (events.length === 0) return [];
  const envelopes = toEnvelopes(events, meta);
  const direct = directPublishing(schema);
  const token = direct ? direct.nextToken() : '';
  // One round trip: the unpublished-predecessor check, the rows, and the NOTIFY (sent at commit).
  const { rows } = await sql<{ earlier: string[] }>`
    WITH ${outboxParts(schema, envelopes)}
    SELECT earlier, pg_notify(${outboxChannel(schema)}, ${token}) FROM earlier`.execute(trx);
  if (direct) direct.expect(token, envelopes, rows[0].earlier);
  if (meta.idempotency) await claimIdempotencyKey(trx, schema, meta.idempotency);
  return envelopes;
}

/**
 * A state change and its events in ONE statement that commits on its own: no BEGIN and COMMIT round trips
 * (a command's write is then one round trip, which counts at 100 commands a second). `change` is the
 * aggregate's INSERT, UPDATE or DELETE, guarded by its version and RETURNING its row(s); when it changes no
 * row (the aggregate changed meanwhile), no event is written either and `changed` is 0. A write that must
 * also claim an Idempotency-Key takes a transaction, as `appendToOutbox` does.
 */
export async function writeWithOutbox(
  db: AnyDb,
  schema: string,
  change: Compilable,
  events: DomainEvent[],
  meta: EventMeta,
): Promise<{ changed: number; envelopes: OutboxEnvelope[] }> {
  if (meta.idempotency || events.length === 0) {
    return db.transaction().execute(async (trx) => {
      const changed = (await trx.executeQuery(change.compile())).rows.length;
      return { changed, envelopes: changed > 0 ? await appendToOutbox(trx, schema, events, meta) : [] };
    });
  }
  const envelopes = toEnvelopes(events, meta);
  const direct = directPublishing(schema);
  const token = direct ? direct.nextToken() : '';
  // Known before the statement runs: its NOTIFY may reach the relay before its answer reaches us.
  let settle: (earlier: string[] | null) => void = () => undefined;
  if (direct) direct.expect(token, envelopes, new Promise<string[] | null>((resolve) => (settle = resolve)));
  try {
    // A named statement (one shape per change and number of events), planned once per connection.
    const rows = await executeNamed<{ changed: number; earlier: string[] }>(
      db,
      sql`
      WITH state AS (${change}), ${outboxParts(schema, envelopes, sql`WHERE EXISTS (SELECT 1 FROM state)`)}
      SELECT (SELECT count(*) FROM state)::int AS changed, earlier,
        CASE WHEN EXISTS (SELECT 1 FROM state) THEN pg_notify(${outboxChannel(schema)}, ${token}) END AS notified
      FROM earlier`.compile(db),
    );
    const { changed, earlier } = rows[0];
    if (changed === 0) direct?.take(token);
    settle(earlier);
    return { changed, envelopes: changed > 0 ? envelopes : [] };
  } catch (error) {
    // Not committed, or committed without our knowing: the relay's poll publishes what did commit.
    direct?.take(token);
    settle(null);
    throw error;
  }
}

/** Unpublished earlier events of an aggregate a write reports at most; with more, it leaves its own to the relay. */
export const EARLIER_REPORTED = 20;

/**
 * The outbox CTEs `earlier` (the ids of these aggregates' events still unpublished, oldest first, at most
 * EARLIER_REPORTED) and `inserted` (the rows).
 */
function outboxParts(schema: string, envelopes: OutboxEnvelope[], onlyIf = sql``) {
  const outbox = sql.id(schema, 'outbox');
  return sql`earlier AS (
      SELECT ARRAY(
        SELECT event_id FROM ${outbox}
        WHERE published_at IS NULL AND payload->>'aggregateId' = ANY(${envelopes.map((e) => e.aggregateId)}::text[])
        ORDER BY position LIMIT ${EARLIER_REPORTED}
      ) AS earlier
    ), inserted AS (
      INSERT INTO ${outbox} (event_id, type, payload)
      SELECT * FROM unnest(
        ${envelopes.map((e) => e.eventId)}::text[], ${envelopes.map((e) => e.type)}::text[], ${envelopes.map((e) => JSON.stringify(e))}::jsonb[]
      ) ${onlyIf}
      RETURNING 1
    )`;
}

function toEnvelopes(events: DomainEvent[], meta: EventMeta): OutboxEnvelope[] {
  const correlationId = meta.correlationId ?? randomUUID();
  return events.map((event) => ({
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
}

export interface OutboxEnvelope {
  eventId: string;
  type: string;
  aggregateType: string;
  aggregateId: string;
  occurredAt: string;
  actorId: string | null;
  correlationId: string;
  causationId: string | null;
  data: unknown;
}

export interface Committed {
  envelopes: OutboxEnvelope[];
  /**
   * The ids of the same aggregates' events that were not marked published when these were written (a
   * promise while the statement's answer is on its way; null: unknown). The relay publishes these
   * directly only if it has itself published all of them, so the stream keeps each aggregate's order.
   */
  earlier: string[] | null | Promise<string[] | null>;
}

/** How long written-but-never-committed envelopes (a rollback sends no NOTIFY) are kept before being forgotten. */
const FORGET_AFTER_MS = 60_000;

/**
 * The envelopes of this process's transactions, waiting for their commit. One per process, shared by its
 * relays: whichever relay hears the token first takes the entry, so it is published once.
 */
class PendingCommits {
  private readonly tag = `${process.pid}.${randomUUID().slice(0, 8)}`;
  private counter = 0;
  private readonly entries = new Map<string, Committed & { at: number }>();
  /** Running relays per schema: without one, nobody here would publish, so appends send an empty NOTIFY. */
  readonly relays = new Map<string, number>();

  nextToken(): string {
    return `${this.tag}:${++this.counter}`;
  }

  expect(token: string, envelopes: OutboxEnvelope[], earlier: Committed['earlier']): void {
    this.entries.set(token, { envelopes, earlier, at: Date.now() });
  }

  /** The entry of a NOTIFY payload, once; undefined when another process (or a rollback) wrote it. */
  take(token: string): Committed | undefined {
    const entry = this.entries.get(token);
    this.entries.delete(token);
    return entry;
  }

  forgetStale(now = Date.now()): void {
    for (const [token, entry] of this.entries) if (now - entry.at > FORGET_AFTER_MS) this.entries.delete(token);
  }
}

export const pendingCommits = new PendingCommits();

function directPublishing(schema: string): PendingCommits | undefined {
  return (pendingCommits.relays.get(schema) ?? 0) > 0 ? pendingCommits : undefined;
}

export { eventSubject };
