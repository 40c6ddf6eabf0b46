import { sql } from 'kysely';
import { JetStreamClient, headers } from 'nats';
import { Pool, PoolClient } from 'pg';
import { eventSubject } from '@kiln/contracts';
import { nsSubject } from '../config';
import { Committed, EARLIER_REPORTED, outboxChannel, pendingCommits } from './outbox';
import { AnyDb } from '../db/any-schema';

const BATCH = 200;
/** How long a direct publish's row waits to be marked together with the next ones (well within the relay's grace). */
const MARK_AFTER_MS = 100;

export interface OutboxRelayOptions {
  /** Rows younger than this are left to the process that committed them (it publishes right after its commit). Default 1 s. */
  graceMs?: number;
  /** How often the relay looks for rows no direct publish took care of (a crash, a NATS error). Default 1 s. */
  pollMs?: number;
  /** Publish this process's commits as soon as they are committed (default true; off: relay only, as before ADR 0015). */
  direct?: boolean;
  /** Wait for a direct publish's PubAck at most this long before leaving the event to the relay. Default 2 s. */
  directTimeoutMs?: number;
}

/**
 * Gets every outbox row to JetStream, each with `Nats-Msg-Id` = event id so the stream's duplicate
 * window drops a second copy, and marks the rows published. Two ways (ADR 0015):
 *
 * - Direct: the NOTIFY of a commit made in this process carries a token (see `appendToOutbox`); the
 *   relay publishes that commit's envelopes from memory at once, and marks their rows afterwards.
 * - Fallback: every `pollMs` it drains the rows still unpublished after `graceMs` (the committing process
 *   died, or its publish failed) in outbox order, one relay per schema at a time (advisory lock), with
 *   `FOR UPDATE SKIP LOCKED` so it never waits on a direct path marking the same rows. `wake()` drains
 *   everything at once, whatever its age.
 *
 * Both paths may publish a row; the stream keeps the first copy. Per aggregate the stream keeps the outbox
 * order: an event is published directly only when no earlier event of its aggregate was unpublished at its
 * write (else the relay drains it, in order), and a row is marked only after its PubAck.
 */
export class OutboxRelay {
  private listener?: PoolClient;
  private timer?: NodeJS.Timeout;
  private draining: Promise<void> | null = null;
  private again: 'aged' | 'all' | null = null;
  private stopped = false;
  /** After a failed direct publish, everything goes through the relay until a full drain begun after it succeeds. */
  private directPaused = false;
  private directFailures = 0;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly toMark = new Set<string>();
  /** Events this relay published directly and saw acknowledged, until their rows are marked. */
  private readonly acked = new Set<string>();
  private marking: Promise<void> | null = null;
  private readonly graceMs: number;
  private readonly pollMs: number;
  private readonly direct: boolean;
  private readonly directTimeoutMs: number;

  constructor(
    private readonly db: AnyDb,
    private readonly pool: Pool,
    private readonly schema: string,
    private readonly js: JetStreamClient,
    private readonly log: (message: string) => void = console.error,
    options: OutboxRelayOptions = {},
  ) {
    this.graceMs = options.graceMs ?? 1000;
    this.pollMs = options.pollMs ?? 1000;
    this.direct = options.direct ?? true;
    this.directTimeoutMs = options.directTimeoutMs ?? 2000;
  }

  async start(): Promise<void> {
    await this.listen();
    if (this.direct) pendingCommits.relays.set(this.schema, (pendingCommits.relays.get(this.schema) ?? 0) + 1);
    this.timer = setInterval(() => {
      pendingCommits.forgetStale();
      void this.drain('aged');
    }, this.pollMs);
    // Whatever an earlier life of this service left unpublished.
    void this.wake();
  }

  /** A dedicated connection LISTENs; when it breaks (Postgres restart) a new one takes its place. */
  private async listen(): Promise<void> {
    const client = await this.pool.connect();
    this.listener = client;
    client.on('notification', (message) => this.notified(message.payload ?? ''));
    client.on('error', (error) => {
      // Already given back by stop(): the pool handles errors of its idle clients.
      if (this.listener !== client) return;
      this.log(`outbox listener lost (${error.message}); reconnecting`);
      this.listener = undefined;
      client.release(error);
      const retry = () => {
        if (this.stopped) return;
        this.listen().then(
          () => this.wake(),
          () => setTimeout(retry, 1000),
        );
      };
      setTimeout(retry, 500);
    });
    await client.query(`LISTEN "${outboxChannel(this.schema)}"`);
  }

  /**
   * A commit on the schema. An empty payload comes from a process without a relay: drain now. A token of
   * this process: publish its envelopes. Another process's token: that process publishes them (or, if it
   * cannot, the poll drains them after the grace).
   */
  private notified(payload: string): void {
    if (this.stopped) return;
    if (payload === '') return void this.wake();
    const committed = pendingCommits.take(payload);
    if (committed) this.publishDirect(committed);
  }

  private publishDirect({ envelopes, earlier }: Committed): void {
    // A single-statement write (`writeWithOutbox`) may notify before its answer says what came earlier.
    if (earlier instanceof Promise) return void earlier.then((known) => this.publishDirect({ envelopes, earlier: known }));
    // Behind an event this relay has not seen acknowledged (another process's, or one still in flight):
    // the drain publishes in outbox order. Earlier events it published itself, awaiting their mark, are no obstacle.
    const behind = !earlier || earlier.length >= EARLIER_REPORTED || earlier.some((id) => !this.acked.has(id));
    if (behind || this.directPaused) return void this.wake();
    // Sent one after another on one connection without waiting, so they reach the stream in this order.
    for (const envelope of envelopes) {
      const sent = this.publish(envelope.eventId, envelope.type, JSON.stringify(envelope), this.directTimeoutMs).then(
        () => {
          this.acked.add(envelope.eventId);
          this.markPublished(envelope.eventId);
        },
        (error: Error) => {
          // The row stays unpublished: the relay takes it, in order, and later events of its aggregate wait for it.
          if (!this.directPaused) this.log(`outbox (${this.schema}): direct publish failed (${error.message}); the relay takes over`);
          this.directPaused = true;
          this.directFailures += 1;
          void this.wake();
        },
      );
      this.track(sent);
    }
  }

  private publish(eventId: string, type: string, body: string, timeout?: number) {
    const h = headers();
    h.set('Kiln-Event-Type', type);
    return this.js.publish(nsSubject(eventSubject(type)), body, { msgID: eventId, headers: h, ...(timeout ? { timeout } : {}) });
  }

  private track(promise: Promise<unknown>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  /**
   * Marks directly published rows, batched: the first waits MARK_AFTER_MS for the ones published after it
   * (at 100 commands a second, one statement for about ten rows instead of ten). A row the relay holds is
   * skipped (the relay marks it). Unmarked rows are harmless: the relay leaves rows younger than its grace
   * alone, and a copy published again is dropped by the stream.
   */
  private markPublished(eventId: string): void {
    this.toMark.add(eventId);
    if (this.marking) return;
    this.marking = (async () => {
      if (!this.stopped) await new Promise((resolve) => setTimeout(resolve, MARK_AFTER_MS));
      while (this.toMark.size > 0) {
        const ids = [...this.toMark];
        this.toMark.clear();
        const outbox = sql.id(this.schema, 'outbox');
        await sql`UPDATE ${outbox} SET published_at = now() WHERE position IN (
            SELECT position FROM ${outbox} WHERE event_id = ANY(${ids}::text[]) AND published_at IS NULL FOR UPDATE SKIP LOCKED)`
          .execute(this.db)
          // Unmarked rows are published again by the relay: the stream drops the copy, consumers dedupe.
          .catch((error: Error) => this.log(`outbox (${this.schema}): could not mark published rows: ${error.message}`));
        for (const id of ids) this.acked.delete(id);
      }
    })().finally(() => {
      this.marking = null;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    if (this.direct) pendingCommits.relays.set(this.schema, (pendingCommits.relays.get(this.schema) ?? 1) - 1);
    await Promise.all([...this.inFlight]);
    await this.marking;
    await this.draining;
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      await listener.query(`UNLISTEN *`).catch(() => undefined);
      listener.release();
    }
  }

  /** Drains now, whatever the rows' age; resolves when everything committed so far is published. */
  wake(): Promise<void> {
    return this.drain('all');
  }

  private drain(mode: 'aged' | 'all'): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.draining) {
      if (this.again !== 'all') this.again = mode;
      return this.draining;
    }
    this.draining = this.drainLoop(mode).finally(() => {
      this.draining = null;
      const again = this.again;
      this.again = null;
      if (again && !this.stopped) void this.drain(again);
    });
    return this.draining;
  }

  private async drainLoop(mode: 'aged' | 'all'): Promise<void> {
    const failuresBefore = this.directFailures;
    try {
      while (!this.stopped) {
        const outcome = await this.drainBatch(mode === 'all' ? 0 : this.graceMs);
        if (outcome === 'locked') {
          // Another instance is draining; look again shortly in case it already passed our rows.
          setTimeout(() => void this.drain(mode), 100);
          return;
        }
        if (outcome < BATCH) {
          // Everything older than this drain is out: direct publishing can resume in order.
          if (mode === 'all' && this.directFailures === failuresBefore) this.directPaused = false;
          return;
        }
      }
    } catch (error) {
      this.log(`outbox relay (${this.schema}): ${(error as Error).message}; retrying`);
      setTimeout(() => void this.drain(mode), 1000);
    }
  }

  private async drainBatch(graceMs: number): Promise<number | 'locked'> {
    return this.db.transaction().execute(async (trx) => {
      const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(hashtext(${`${this.schema}.outbox`})) AS locked`.execute(trx);
      if (!lock.rows[0].locked) return 'locked';
      const { rows } = await sql<{ position: string; event_id: string; type: string; payload: unknown }>`
        SELECT position, event_id, type, payload FROM ${sql.id(this.schema, 'outbox')}
        WHERE published_at IS NULL ${graceMs > 0 ? sql`AND created_at <= clock_timestamp() - make_interval(secs => ${graceMs / 1000})` : sql``}
        ORDER BY position LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`.execute(trx);
      // Rows published directly and acknowledged are only marked here (no second copy on the wire).
      for (const row of rows) if (!this.acked.has(row.event_id)) await this.publish(row.event_id, row.type, JSON.stringify(row.payload));
      if (rows.length) {
        await trx
          .withSchema(this.schema)
          .updateTable('outbox')
          .set({ published_at: sql`now()` })
          .where(
            'position',
            'in',
            rows.map((r) => r.position),
          )
          .execute();
      }
      return rows.length;
    });
  }

  /** Re-feeds the stream from Postgres, the system of record (consumers deduplicate by event id). */
  async republishAll(): Promise<void> {
    await this.db.withSchema(this.schema).updateTable('outbox').set({ published_at: null }).execute();
    await this.wake();
  }
}
