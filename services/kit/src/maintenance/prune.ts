import { sql } from 'kysely';
import { parseDurationMs } from '../nats/jetstream';
import { AnyDb, AnyTrx } from '../db/any-schema';

/** Deletes a service's own expired rows (sessions, login failures...); answers how many. */
export type PruneHook = (trx: AnyTrx, now: Date) => Promise<number | bigint>;

/** How long plumbing rows are kept, and how often the job runs. */
export interface RetentionSettings {
  intervalMs: number;
  /** Published outbox rows (the relay's duplicate window is 2 min; rebuilds read state, not the outbox). */
  outboxMs: number;
  /** Processed event ids: past the stream's dedupe and redelivery horizon (version guards cover later duplicates). */
  processedEventsMs: number;
  /** Rate-limit counters whose window started this long ago (longer than any limit's window). */
  rateLimitsMs: number;
  /** Dead letters, once replayed. */
  replayedDeadLettersMs: number;
}

/** A repeat with the same Idempotency-Key is answered from its row for 24 h (issue 5); after that it may go. */
const IDEMPOTENCY_KEYS_MS = 24 * 3_600_000;
const DAY = 86_400_000;

/**
 * `KILN_PRUNE_INTERVAL` (default 1h), `KILN_OUTBOX_RETENTION` (1d), `KILN_PROCESSED_EVENTS_RETENTION` (1d),
 * `KILN_RATE_LIMIT_RETENTION` (1d), `KILN_DEAD_LETTER_RETENTION` (30d): seconds or `30d`, `12h`, `15m`.
 */
export function readRetentionSettings(env: NodeJS.ProcessEnv = process.env): RetentionSettings {
  const read = (name: string, fallback: number) => (env[name] ? parseDurationMs(env[name]!, name) : fallback);
  return {
    intervalMs: read('KILN_PRUNE_INTERVAL', 3_600_000),
    outboxMs: read('KILN_OUTBOX_RETENTION', DAY),
    processedEventsMs: read('KILN_PROCESSED_EVENTS_RETENTION', DAY),
    rateLimitsMs: read('KILN_RATE_LIMIT_RETENTION', DAY),
    replayedDeadLettersMs: read('KILN_DEAD_LETTER_RETENTION', 30 * DAY),
  };
}

/**
 * Deletes what is past its retention in one service schema, plus the service's own hooks. Only one
 * instance works at a time (a transaction-level advisory lock); the others answer null at once.
 */
export async function pruneOnce(
  db: AnyDb,
  schema: string,
  options: { settings?: RetentionSettings; hooks?: Record<string, PruneHook>; now?: Date } = {},
): Promise<Record<string, number> | null> {
  const settings = options.settings ?? readRetentionSettings();
  const now = options.now ?? new Date();
  const before = (ms: number) => new Date(now.getTime() - ms);
  return db.transaction().execute(async (trx) => {
    const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(hashtext(${`${schema}.prune`})) AS locked`.execute(trx);
    if (!lock.rows[0].locked) return null;
    const t = () => trx.withSchema(schema);
    const counted = async (query: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }) => Number((await query.executeTakeFirst()).numDeletedRows);
    const pruned: Record<string, number> = {
      outbox: await counted(t().deleteFrom('outbox').where('published_at', 'is not', null).where('published_at', '<', before(settings.outboxMs))),
      processed_events: await counted(t().deleteFrom('processed_events').where('processed_at', '<', before(settings.processedEventsMs))),
      idempotency_keys: await counted(t().deleteFrom('idempotency_keys').where('created_at', '<', before(IDEMPOTENCY_KEYS_MS))),
      rate_limits: await counted(t().deleteFrom('rate_limits').where('window_start', '<', before(settings.rateLimitsMs))),
      dead_letters: await counted(
        t().deleteFrom('dead_letters').where('replayed_at', 'is not', null).where('replayed_at', '<', before(settings.replayedDeadLettersMs)),
      ),
    };
    for (const [name, hook] of Object.entries(options.hooks ?? {})) pruned[name] = Number(await hook(trx, now));
    return pruned;
  });
}

/** Runs `pruneOnce` every `intervalMs` (first run one interval after start); started by ServiceRuntime. */
export class Pruner {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly db: AnyDb,
    private readonly schema: string,
    private readonly hooks: Record<string, PruneHook> = {},
    private readonly settings: RetentionSettings = readRetentionSettings(),
    private readonly log: (message: string) => void = console.error,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runNow(), this.settings.intervalMs);
    this.timer.unref();
  }

  /** One pass now (also for tests); a failure is logged and the next interval tries again. */
  async runNow(now = new Date()): Promise<Record<string, number> | null> {
    const run = pruneOnce(this.db, this.schema, { settings: this.settings, hooks: this.hooks, now }).catch((error) => {
      this.log(`pruning ${this.schema}: ${(error as Error).message}`);
      return null;
    });
    this.running = run;
    return run;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
