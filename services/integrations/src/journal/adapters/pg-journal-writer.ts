import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ProjectionRunner, ServiceRuntime } from '@kiln/service-kit';
import type { PoolClient } from 'pg';
import { SCHEMA } from '../../schema';
import { journalProjections } from '../projections/journal-events';

/** The session lock the journal's one writer holds (ADR 0066). */
export const JOURNAL_WRITER_LOCK = 'integrations.journal-writer';

/** How often an instance that does not write tries to become the writer (ms): `KILN_JOURNAL_LEAD_EVERY_MS`, default 2 s. */
const leadEveryMs = () => Number(process.env.KILN_JOURNAL_LEAD_EVERY_MS ?? 2000);

/**
 * One instance at a time journals (ADR 0066): the one holding a Postgres session lock runs the four durable
 * consumers; the others answer reads and try for the lock every few seconds, so when the writer dies (its
 * connection, hence its lock, goes) another takes over, and the consumers' unacknowledged messages come to it.
 * One writer keeps each stream's order in the journal (two instances sharing a durable consumer would commit its
 * messages in either order); the journal's own lock then orders the four streams' commits.
 */
@Injectable()
export class PgJournalWriter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('journal-writer');
  private client?: PoolClient;
  private runners: ProjectionRunner[] = [];
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private trying?: Promise<void>;

  constructor(@Inject(ServiceRuntime) private readonly runtime: ServiceRuntime) {}

  /** Whether this instance is the journal's writer now. */
  get leading(): boolean {
    return this.runners.length > 0;
  }

  onApplicationBootstrap(): void {
    this.trying = this.tryToLead();
    this.timer = setInterval(() => {
      if (!this.client && !this.trying) this.trying = this.tryToLead().finally(() => (this.trying = undefined));
    }, leadEveryMs());
    void this.trying.finally(() => (this.trying = undefined));
  }

  private async tryToLead(): Promise<void> {
    if (this.stopped) return;
    let client: PoolClient | undefined;
    try {
      client = await this.runtime.pool.connect();
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [JOURNAL_WRITER_LOCK]);
      if (!rows[0]?.locked || this.stopped) {
        // A session lock would stay with the pooled connection: give it back first.
        if (rows[0]?.locked) await client.query('SELECT pg_advisory_unlock(hashtext($1))', [JOURNAL_WRITER_LOCK]);
        client.release();
        return;
      }
      this.client = client;
      client.on('error', (error) => this.lost(client!, error));
      for (const projection of journalProjections) {
        const runner = new ProjectionRunner(this.runtime.db, SCHEMA, this.runtime.jsm, this.runtime.js, projection, (m) => this.logger.error(m));
        await runner.start();
        this.runners.push(runner);
      }
      this.logger.log('this instance writes the event journal');
    } catch (error) {
      this.logger.error(`could not take or start the journal writer: ${(error as Error).message}`);
      if (client && this.client === client) await this.resign(client);
      else client?.release();
    }
  }

  /** The lock's connection broke: the lock is gone, so stop writing (another instance may take over). */
  private lost(client: PoolClient, error: Error): void {
    if (this.client !== client) return;
    this.logger.error(`journal writer's connection lost (${error.message}); stopping its consumers`);
    void this.resign(client, error);
  }

  private async resign(client: PoolClient, error?: Error): Promise<void> {
    this.client = undefined;
    const runners = this.runners;
    this.runners = [];
    for (const runner of runners) await runner.stop().catch(() => undefined);
    if (!error) await client.query('SELECT pg_advisory_unlock(hashtext($1))', [JOURNAL_WRITER_LOCK]).catch(() => undefined);
    client.release(error);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.trying;
    if (this.client) await this.resign(this.client);
  }
}
