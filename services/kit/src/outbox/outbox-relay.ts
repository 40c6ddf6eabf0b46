import { Kysely, sql } from 'kysely';
import { JetStreamClient, headers } from 'nats';
import { Pool, PoolClient } from 'pg';
import { eventSubject } from '@kiln/contracts';
import { nsSubject } from '../config';
import { outboxChannel } from './outbox';

const BATCH = 200;
/** Safety net only: NOTIFY wakes the relay at once; this catches a notification lost in a reconnect. */
const FALLBACK_POLL_MS = 5000;

/**
 * Publishes outbox rows to JetStream in order, `Nats-Msg-Id` = event id (so a retry after a crash
 * is dropped by the stream's duplicate window), then marks them published. One relay drains a schema
 * at a time (advisory lock), so order holds with several service instances.
 */
export class OutboxRelay {
  private listener?: PoolClient;
  private timer?: NodeJS.Timeout;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Kysely<any>,
    private readonly pool: Pool,
    private readonly schema: string,
    private readonly js: JetStreamClient,
    private readonly log: (message: string) => void = console.error,
  ) {}

  async start(): Promise<void> {
    await this.listen();
    this.timer = setInterval(() => this.wake(), FALLBACK_POLL_MS);
    this.wake();
  }

  /** A dedicated connection LISTENs; when it breaks (Postgres restart) a new one takes its place. */
  private async listen(): Promise<void> {
    const client = await this.pool.connect();
    this.listener = client;
    client.on('notification', () => this.wake());
    client.on('error', (error) => {
      this.log(`outbox listener lost (${error.message}); reconnecting`);
      client.release(error);
      if (this.listener === client) this.listener = undefined;
      const retry = () => {
        if (this.stopped) return;
        this.listen().then(() => this.wake(), () => setTimeout(retry, 1000));
      };
      setTimeout(retry, 500);
    });
    await client.query(`LISTEN "${outboxChannel(this.schema)}"`);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.draining;
    if (this.listener) {
      await this.listener.query(`UNLISTEN *`).catch(() => undefined);
      this.listener.release();
    }
  }

  /** Drains now; resolves when everything committed so far is published. */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = this.drainLoop().finally(() => {
      this.draining = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.wake();
      }
    });
    return this.draining;
  }

  private async drainLoop(): Promise<void> {
    try {
      while (!this.stopped) {
        const outcome = await this.drainBatch();
        if (outcome === 'locked') {
          // Another instance is draining; look again shortly in case it already passed our rows.
          setTimeout(() => this.wake(), 100);
          return;
        }
        if (outcome < BATCH) return;
      }
    } catch (error) {
      this.log(`outbox relay (${this.schema}): ${(error as Error).message}; retrying`);
      setTimeout(() => this.wake(), 1000);
    }
  }

  private async drainBatch(): Promise<number | 'locked'> {
    return this.db.transaction().execute(async (trx) => {
      const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(hashtext(${`${this.schema}.outbox`})) AS locked`.execute(trx);
      if (!lock.rows[0].locked) return 'locked';
      const rows = await trx
        .withSchema(this.schema)
        .selectFrom('outbox')
        .select(['position', 'event_id', 'type', 'payload'])
        .where('published_at', 'is', null)
        .orderBy('position')
        .limit(BATCH)
        .execute();
      for (const row of rows) {
        const h = headers();
        h.set('Kiln-Event-Type', row.type);
        await this.js.publish(nsSubject(eventSubject(row.type)), JSON.stringify(row.payload), { msgID: row.event_id, headers: h });
      }
      if (rows.length) {
        await trx
          .withSchema(this.schema)
          .updateTable('outbox')
          .set({ published_at: sql`now()` })
          .where('position', 'in', rows.map((r) => r.position))
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
