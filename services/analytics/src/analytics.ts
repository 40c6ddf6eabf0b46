import { connect, JetStreamManager, NatsConnection } from 'nats';
import { Pool } from 'pg';
import { ACK_WAIT_MS, BATCH, durableName, Names, streamName, SubscriptionLoop } from './consumer';
import { DROP_DDL, REBUILD_LOCK, SCHEMA, SCHEMA_DDL } from './read-model';
import { ANALYTICS_SUBSCRIPTIONS } from './subscriptions';

/** What the consumer reads from its environment (the same variables every Kiln process gets from `npm start`). */
export interface AnalyticsConfig {
  databaseUrl: string;
  natsUrl: string;
  natsUser?: string;
  natsPassword?: string;
  namespace: string;
  /** Events applied per transaction at most (`ANALYTICS_BATCH`, default 250). */
  batch: number;
  /** Ack wait of the consumers this process makes (`ANALYTICS_ACK_WAIT_MS`, default 10 s). */
  ackWaitMs: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AnalyticsConfig {
  return {
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kiln',
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    natsUser: env.NATS_USER || undefined,
    natsPassword: env.NATS_PASSWORD || undefined,
    namespace: env.KILN_NAMESPACE ?? '',
    batch: Number(env.ANALYTICS_BATCH) > 0 ? Math.floor(Number(env.ANALYTICS_BATCH)) : BATCH,
    ackWaitMs: Number(env.ANALYTICS_ACK_WAIT_MS) > 0 ? Math.floor(Number(env.ANALYTICS_ACK_WAIT_MS)) : ACK_WAIT_MS,
  };
}

/** The analytics consumer: its connections, and one loop per subscription. */
export class Analytics {
  private loops: SubscriptionLoop[] = [];

  private constructor(
    readonly pool: Pool,
    readonly nc: NatsConnection,
    readonly jsm: JetStreamManager,
    readonly names: Names,
    private readonly log: (line: string) => void,
    private readonly config: Pick<AnalyticsConfig, 'batch' | 'ackWaitMs'>,
  ) {}

  /** Connects (waiting for NATS, reconnecting forever) and makes the schema when missing. */
  static async open(config: AnalyticsConfig, log: (line: string) => void = (line) => console.log(line)): Promise<Analytics> {
    const pool = new Pool({ connectionString: config.databaseUrl, max: 4 });
    pool.on('error', (error) => log(`postgres: ${error.message}`));
    const nc = await connect({
      servers: config.natsUrl.split(','),
      name: 'analytics',
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      waitOnFirstConnect: true,
      ...(config.natsUser ? { user: config.natsUser, pass: config.natsPassword ?? '' } : {}),
    });
    const jsm = await nc.jetstreamManager();
    await makeSchema(pool);
    return new Analytics(pool, nc, jsm, { namespace: config.namespace }, log, config);
  }

  /** Starts reading every subscription (each from where its durable consumer stands). */
  start(): void {
    if (this.loops.length) return;
    this.loops = ANALYTICS_SUBSCRIPTIONS.map(
      (sub) => new SubscriptionLoop(this.nc, this.jsm, this.pool, this.names, sub, this.log, this.config.batch, this.config.ackWaitMs),
    );
    for (const loop of this.loops) loop.start();
  }

  /** Stops reading: each loop finishes (commits and acks) the batch it holds. */
  async stopReading(): Promise<void> {
    await Promise.all(this.loops.map((loop) => loop.stop()));
    this.loops = [];
  }

  async close(): Promise<void> {
    await this.stopReading();
    await this.nc.drain().catch(() => undefined);
    await this.pool.end();
  }

  /**
   * Whether every subscription has applied all its stream holds now: nothing waiting, nothing delivered and not
   * yet acknowledged. A consumer not made yet counts as behind, unless its stream does not exist (nothing to read).
   */
  async caughtUp(): Promise<boolean> {
    for (const sub of ANALYTICS_SUBSCRIPTIONS) {
      const stream = streamName(this.names, sub.stream);
      const info = await this.jsm.consumers.info(stream, durableName(this.names, sub.durable)).catch(() => null);
      if (!info) {
        const exists = await this.jsm.streams.info(stream).then(
          () => true,
          (error) => !/stream not found/i.test(String(error)),
        );
        if (exists) return false;
        continue;
      }
      if (info.num_pending > 0 || info.num_ack_pending > 0) return false;
    }
    return true;
  }

  /** Waits until `caughtUp()` (polled), or throws after `timeoutMs`. */
  async waitCaughtUp(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await this.caughtUp())) {
      if (Date.now() > deadline) throw new Error(`not caught up after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * Rebuilds the read model from the streams: drops and makes again the tables (exclusive lock: a live batch lands
   * wholly before, and is wiped, or wholly after, and is deduplicated against the replay), then deletes each durable
   * consumer so it is made again from the first event the stream still holds. Answers, per stream, the time of the
   * oldest event still held (what a rebuild can cover: see ADR 0068 on retention). Reading resumes in this process
   * when it was reading; any other instance picks up the new consumers by name.
   */
  async rebuild(): Promise<Record<string, string | null>> {
    const reading = this.loops.length > 0;
    await this.stopReading();
    const covers: Record<string, string | null> = {};
    for (const stream of new Set(ANALYTICS_SUBSCRIPTIONS.map((s) => s.stream))) {
      const info = await this.jsm.streams.info(streamName(this.names, stream)).catch(() => null);
      covers[stream] = info && info.state.messages > 0 ? info.state.first_ts : null;
    }
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [REBUILD_LOCK]);
      await client.query(DROP_DDL);
      await client.query(SCHEMA_DDL);
      await client.query(`INSERT INTO ${SCHEMA}.rebuilds (streams) VALUES ($1)`, [JSON.stringify(covers)]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    for (const sub of ANALYTICS_SUBSCRIPTIONS) {
      await this.jsm.consumers.delete(streamName(this.names, sub.stream), durableName(this.names, sub.durable)).catch((error) => {
        if (!/(consumer|stream) not found/i.test(String(error))) throw error;
      });
    }
    this.log(`rebuild: tables reset, consumers start again from the streams' first events (${JSON.stringify(covers)})`);
    if (reading) this.start();
    return covers;
  }
}

/** Makes the schema and tables when missing; two instances starting at once take turns. */
async function makeSchema(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${SCHEMA}.schema`]);
    await client.query(SCHEMA_DDL);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
