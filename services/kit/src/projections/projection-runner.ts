import { AnyEventEnvelope, EventSchemas, parseEvent } from '@kiln/contracts';
import { RawBuilder, sql } from 'kysely';
import { AckPolicy, ConsumerMessages, DeliverPolicy, JetStreamClient, JetStreamManager, JsMsg, nanos } from 'nats';
import { z } from 'zod';
import { nsName, nsSubject } from '../config';
import { executeNamed } from '../db/prepared';
import { parseDurationMs } from '../nats/jetstream';
import { AnyDb, AnyTrx } from '../db/any-schema';

export interface Projection {
  /** Durable consumer name, derived from the subscriber: `ProjectModelsOnModelEvents` → `project-models-on-model-events`. */
  name: string;
  stream: string;
  /** The events this projection applies, as a subject without the `evt.` prefix: `workspace.model.>`.
   *  One subject per consumer: Debian's nats-server (2.9) has no multi-subject filters. */
  subject: string;
  /** Applies one event (already parsed with its contract) inside the caller's transaction. */
  apply(trx: AnyTrx, event: AnyEventEnvelope): Promise<void>;
  /**
   * Applies several events, in stream order, inside the caller's transaction, leaving exactly what
   * applying them one by one would (catching up on a backlog, replaying a stream). Optional: without it
   * the runner calls `apply` for each event, still in one transaction.
   */
  applyBatch?(trx: AnyTrx, events: AnyEventEnvelope[]): Promise<void>;
  /**
   * Rebuilds the read model from the service's write-side state (not from events: published outbox rows
   * are pruned), inside the caller's transaction; answers the rows written. See `rebuildProjection`.
   */
  rebuild(trx: AnyTrx): Promise<number>;
  /**
   * Optional: the events of a batch this projection has anything to do for, decided before a transaction
   * opens (by type, or with a read-only look-up). The others are acknowledged at once, with no transaction
   * and no `processed_events` row: applying them would change nothing, and most events of a busy subject
   * are such (a model renamed that no catalog item copies). Answer a subset, in stream order. A projection
   * with this hook is never waited on with `waitForProjection` (a skipped event leaves no row to find).
   */
  relevant?(db: AnyDb, events: AnyEventEnvelope[]): Promise<AnyEventEnvelope[]>;
  /**
   * Optional: the batch's whole effect as ONE data-modifying statement, run with the exactly-once
   * bookkeeping as a single self-committing statement (no BEGIN and COMMIT round trips: at 100 commands
   * a second each counts), or null when this batch needs a transaction. The runner puts it after the CTE
   * `fresh` (one column, `event_id`: the batch's events recorded just now); the statement must apply those
   * events only, must not begin with WITH, and must leave what `applyBatch` would.
   */
  applyStatement?(events: AnyEventEnvelope[]): RawBuilder<unknown> | null;
}

export interface ProjectionRunnerOptions {
  /** The contracts events are parsed with (default: every context's `EventSchemas`). */
  schemas?: Record<string, z.ZodType>;
  /** Pauses before each redelivery of a failed event; deliveries = pauses + 1 (default 1 s, 2 s, 4 s, 8 s: 5 deliveries). */
  retryDelaysMs?: number[];
}

export const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000];

/** `KILN_PROJECTION_RETRY_DELAYS=1s,2s,4s,8s` (durations or seconds): the pauses, hence deliveries = count + 1. */
export function readRetryDelays(env: NodeJS.ProcessEnv = process.env): number[] {
  const value = env.KILN_PROJECTION_RETRY_DELAYS;
  return value ? value.split(',').map((d) => parseDurationMs(d, 'KILN_PROJECTION_RETRY_DELAYS')) : DEFAULT_RETRY_DELAYS_MS;
}

/** The advisory lock of one projection: shared by live applies, exclusive for a rebuild (see ADR 0010). */
export const projectionLockKey = (schema: string, projection: string) => `${schema}.projection.${projection}`;

/**
 * Applies one event exactly once (idempotent by `(consumer, event_id)`), under the projection's shared
 * lock, so it waits while a rebuild of the same read model runs and lands after it. Used by the live
 * consumer and by dead-letter replays. Answers false when the event had already been applied.
 */
export async function applyOnce(trx: AnyTrx, schema: string, projection: Projection, event: AnyEventEnvelope): Promise<boolean> {
  const inserted = await markProcessed(trx, schema, projection, [event.eventId]);
  if (inserted.length > 0) await projection.apply(trx, event);
  return inserted.length > 0;
}

/**
 * Takes the projection's shared lock and records the events in `processed_events`, in ONE statement (a
 * round trip less per event): the lock is taken before any row is inserted, as the insert reads its rows
 * through it. A rebuild never touches `processed_events`, and the statements that apply the events come
 * after this one, each with a fresh snapshot, so they see what a rebuild committed. Answers the ids that
 * were not recorded before.
 */
async function markProcessed(trx: AnyTrx, schema: string, projection: Projection, eventIds: string[]): Promise<string[]> {
  const { rows } = await sql<{ event_id: string }>`
    WITH locked AS (SELECT pg_advisory_xact_lock_shared(hashtext(${projectionLockKey(schema, projection.name)})))
    INSERT INTO ${sql.id(schema, 'processed_events')} (consumer, event_id)
    SELECT ${projection.name}, id FROM locked, unnest(${eventIds}::text[]) WITH ORDINALITY AS e(id, n) ORDER BY n
    ON CONFLICT DO NOTHING
    RETURNING event_id`.execute(trx);
  return rows.map((row) => row.event_id);
}

/**
 * The projection's `applyStatement` with the bookkeeping of `markProcessed` in front, as one statement
 * that commits on its own: the shared lock, the new `processed_events` rows (`fresh`), the effect of those
 * events. Answers false when the projection has no such statement for these events.
 */
async function applyInOneStatement(db: AnyDb, schema: string, projection: Projection, events: AnyEventEnvelope[]): Promise<boolean> {
  const statement = projection.applyStatement?.(events);
  if (!statement) return false;
  // A named statement: its text is the same for every batch (the rows are one JSON parameter).
  await executeNamed(
    db,
    sql`
    WITH locked AS (SELECT pg_advisory_xact_lock_shared(hashtext(${projectionLockKey(schema, projection.name)}))),
    fresh AS (
      INSERT INTO ${sql.id(schema, 'processed_events')} (consumer, event_id)
      SELECT ${projection.name}, id FROM locked, unnest(${events.map((event) => event.eventId)}::text[]) WITH ORDINALITY AS e(id, n) ORDER BY n
      ON CONFLICT DO NOTHING
      RETURNING event_id)
    ${statement}`.compile(db),
  );
  return true;
}

/**
 * `applyOnce` for several events in one transaction: one shared lock, one insert into
 * `processed_events`, then the events not applied before (first occurrence, stream order) go to the
 * projection's `applyBatch`. Answers the events it applied.
 */
export async function applyBatchOnce(trx: AnyTrx, schema: string, projection: Projection, events: AnyEventEnvelope[]): Promise<AnyEventEnvelope[]> {
  const fresh = new Set(
    await markProcessed(
      trx,
      schema,
      projection,
      events.map((event) => event.eventId),
    ),
  );
  const todo = events.filter((event) => fresh.delete(event.eventId));
  if (todo.length === 0) return todo;
  if (projection.applyBatch) await projection.applyBatch(trx, todo);
  else for (const event of todo) await projection.apply(trx, event);
  return todo;
}

/** Messages the client asks the server for ahead of applying them. */
export const CONSUME_BUFFER = 1000;

/** Event ids a runner remembers having applied (for `waitForProjection`, which begins a few ms after a commit). */
export const RECENTLY_APPLIED = 10_000;

/** A message as the reader queues it: its event, or the error its parse gave. */
interface Received {
  message: JsMsg;
  event?: AnyEventEnvelope;
  error?: Error;
}

/** Events applied per transaction at most, when a backlog is waiting (live traffic mostly comes one by one). */
export const MAX_BATCH = 500;

/**
 * Feeds one projection from a durable JetStream consumer. Each event is parsed with its contract, then
 * applied and recorded in `processed_events` in ONE transaction, so a redelivery is a no-op; the message
 * is acked only after the commit. A failure naks it with a growing pause; after the last delivery the
 * event goes to `dead_letters` and is terminated, so one poison event cannot hold the consumer forever.
 * Messages that arrive while a transaction runs are applied together in the next one (up to MAX_BATCH):
 * one event at a time when traffic is light, hundreds per transaction when catching up or replaying.
 * A batch that fails is applied again one event at a time, so only the faulty event is retried.
 */
export class ProjectionRunner {
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;
  private readonly listeners = new Set<(eventId: string) => void>();
  /** The ids of the events this runner applied (or skipped) lately; see `hasApplied`. */
  private readonly recent = new Set<string>();
  /**
   * The same ids in a ring, oldest at `ringNext`, so the oldest is forgotten in constant time (taking a
   * Set's first entry walks over every entry deleted before it: 6 µs an event at 10,000, profiled).
   */
  private readonly ring: (string | undefined)[] = new Array(RECENTLY_APPLIED);
  private ringNext = 0;
  private readonly schemas: Record<string, z.ZodType>;
  private readonly retryDelaysMs: number[];

  constructor(
    private readonly db: AnyDb,
    private readonly schema: string,
    private readonly jsm: JetStreamManager,
    private readonly js: JetStreamClient,
    private readonly projection: Projection,
    private readonly log: (message: string) => void = console.error,
    options: ProjectionRunnerOptions = {},
  ) {
    this.schemas = options.schemas ?? EventSchemas;
    this.retryDelaysMs = options.retryDelaysMs ?? readRetryDelays();
  }

  get projectionName(): string {
    return this.projection.name;
  }

  get consumerName(): string {
    return nsName(this.projection.name);
  }

  private get maxDeliver(): number {
    return this.retryDelaysMs.length + 1;
  }

  async start(): Promise<void> {
    const stream = nsName(this.projection.stream);
    const settings = {
      ack_wait: nanos(30_000),
      filter_subject: nsSubject(`evt.${this.projection.subject}`),
      // The server's own cap too, should a message never be answered (a crash between deliveries).
      max_deliver: this.maxDeliver,
    };
    const config = { durable_name: this.consumerName, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, ...settings };
    const existing = await this.jsm.consumers.info(stream, this.consumerName).catch(() => null);
    if (!existing) {
      await this.jsm.consumers.add(stream, config);
    } else {
      try {
        await this.jsm.consumers.update(stream, this.consumerName, settings);
      } catch (error) {
        // nats-server 2.9 cannot change a consumer's filter (e.g. `registered.v1` → `registered.*`):
        // start it over; `processed_events` skips what was already applied.
        this.log(`projection ${this.projection.name}: recreating its consumer (${(error as Error).message})`);
        await this.jsm.consumers.delete(stream, this.consumerName);
        await this.jsm.consumers.add(stream, config);
      }
    }
    const consumer = await this.js.consumers.get(stream, this.consumerName);
    this.messages = await consumer.consume({ max_messages: CONSUME_BUFFER });
    this.loop = this.run(this.messages);
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    // The reader parses and queues what arrives (while the applier waits on Postgres); the applier takes
    // everything queued so far as one batch.
    const queue: Received[] = [];
    let wake: (() => void) | undefined;
    let done = false;
    const reader = (async () => {
      try {
        for await (const message of messages) {
          queue.push(this.parsed(message));
          wake?.();
          // Hold back while a full batch waits: the server keeps the rest (ack_wait never runs out here).
          while (queue.length >= MAX_BATCH * 2 && !done) await new Promise<void>((resolve) => setTimeout(resolve, 5));
        }
      } finally {
        done = true;
        wake?.();
      }
    })();
    for (;;) {
      if (queue.length === 0) {
        if (done) break;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      await this.applyMessages(queue.splice(0, MAX_BATCH));
    }
    await reader;
  }

  /** A message with its event parsed by its contract, or with why it could not be. */
  private parsed(message: JsMsg): Received {
    try {
      return { message, event: parseEvent(message.json<unknown>(), this.schemas) };
    } catch (error) {
      return { message, error: error as Error };
    }
  }

  private async applyMessages(batch: Received[]): Promise<void> {
    let parsed: { message: JsMsg; event: AnyEventEnvelope }[] = [];
    for (const received of batch) {
      if (received.event) parsed.push({ message: received.message, event: received.event });
      else await this.failed(received.message, received.error!);
    }
    if (parsed.length === 0) return;
    const relevant = await this.relevantOf(parsed.map((p) => p.event));
    if (relevant.size < parsed.length) {
      for (const { message, event } of parsed) if (!relevant.has(event)) this.done(message, event);
      parsed = parsed.filter((p) => relevant.has(p.event));
      if (parsed.length === 0) return;
    }
    if (parsed.length > 1) {
      try {
        await this.handleBatch(parsed.map((p) => p.event));
        for (const { message, event } of parsed) this.done(message, event);
        return;
      } catch {
        // Rolled back as a whole: one event at a time now, so only the faulty one is retried.
      }
    }
    for (const { message, event } of parsed) {
      try {
        await this.handle(event);
        this.done(message, event);
      } catch (error) {
        await this.failed(message, error as Error);
      }
    }
  }

  /** The projection's `relevant` answer; when the look-up fails, every event goes the full way (and fails there, retried). */
  private async relevantOf(events: AnyEventEnvelope[]): Promise<Set<AnyEventEnvelope>> {
    if (!this.projection.relevant) return new Set(events);
    try {
      return new Set(await this.projection.relevant(this.db, events));
    } catch {
      return new Set(events);
    }
  }

  private done(message: JsMsg, event: AnyEventEnvelope): void {
    message.ack();
    this.remember(event.eventId);
    for (const listener of this.listeners) listener(event.eventId);
  }

  private async failed(message: JsMsg, error: Error): Promise<void> {
    const deliveries = message.info.redeliveryCount;
    if (deliveries < this.maxDeliver) {
      const delay = this.retryDelaysMs[deliveries - 1];
      this.log(`projection ${this.projection.name}: ${error.stack ?? error}; delivery ${deliveries} of ${this.maxDeliver}, retrying in ${delay} ms`);
      message.nak(delay);
      return;
    }
    const eventId = message.headers?.get('Nats-Msg-Id') || eventIdOf(message) || `stream-seq-${message.seq}`;
    try {
      await recordDeadLetter(this.db, this.schema, {
        consumer: this.projection.name,
        event_id: eventId,
        subject: message.subject,
        payload: message.string(),
        error: String(error.stack ?? error),
        deliveries,
      });
    } catch (recordError) {
      // Without its dead letter the event must not be dropped: let the server's ack wait bring it back.
      this.log(`projection ${this.projection.name}: could not record dead letter of ${eventId}: ${(recordError as Error).message}`);
      return;
    }
    message.term();
    this.log(`projection ${this.projection.name}: event ${eventId} (${message.subject}) failed ${deliveries} times, moved to dead letters: ${error.message}`);
  }

  /** Applies one event exactly once (idempotent by `(consumer, event_id)`). */
  async handle(event: AnyEventEnvelope): Promise<void> {
    if (await applyInOneStatement(this.db, this.schema, this.projection, [event])) return;
    await this.db.transaction().execute((trx) => applyOnce(trx, this.schema, this.projection, event));
  }

  /** Applies several events exactly once, in one transaction (or one statement, see `applyStatement`). */
  async handleBatch(events: AnyEventEnvelope[]): Promise<void> {
    if (await applyInOneStatement(this.db, this.schema, this.projection, events)) return;
    await this.db.transaction().execute((trx) => applyBatchOnce(trx, this.schema, this.projection, events));
  }

  private remember(eventId: string): void {
    if (this.recent.has(eventId)) return;
    const oldest = this.ring[this.ringNext];
    if (oldest !== undefined) this.recent.delete(oldest);
    this.ring[this.ringNext] = eventId;
    this.ringNext = (this.ringNext + 1) % RECENTLY_APPLIED;
    this.recent.add(eventId);
  }

  /** Whether this runner applied the event lately: a wait that begins after the apply needs no read. */
  hasApplied(eventId: string): boolean {
    return this.recent.has(eventId);
  }

  /** Called with each event id once it is in the read model (used to answer reads after writes). */
  onApplied(listener: (eventId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async stop(): Promise<void> {
    await this.messages?.close();
    await this.loop;
  }
}

function eventIdOf(message: JsMsg): string | undefined {
  try {
    const id = (message.json<{ eventId?: unknown }>() ?? {}).eventId;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

export interface DeadLetter {
  consumer: string;
  event_id: string;
  subject: string;
  payload: string;
  error: string;
  deliveries: number;
}

/** Records (or records again, after a failed replay) an event a projection gave up on. */
export async function recordDeadLetter(db: AnyDb, schema: string, letter: DeadLetter): Promise<void> {
  await db
    .withSchema(schema)
    .insertInto('dead_letters')
    .values(letter)
    .onConflict((oc) =>
      oc
        .columns(['consumer', 'event_id'])
        .doUpdateSet({ error: letter.error, deliveries: letter.deliveries, payload: letter.payload, failed_at: sql`now()`, replayed_at: null }),
    )
    .execute();
}
