import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { JournalEntry } from '@kiln/contracts';
import { AnyDb, DB, ServiceRuntime } from '@kiln/service-kit';
import { sql } from 'kysely';
import type { PoolClient } from 'pg';
import { JOURNAL_CHANNEL } from '../../schema';
import { EventJournal, JournaledEvent, JournalFilter, NewEntry } from '../ports/event-journal.port';

interface Row {
  position: string;
  event: JournalEntry['event'];
  audience: string[];
  area: string | null;
}

/**
 * A page stops before this many characters of events (at least one event): the answer is one NATS message, whose
 * server limit is 1 MB by default. The next page goes on from its cursor.
 */
const PAGE_BYTES_MAX = 512 * 1024;

/** New events read at once after a commit; past that, every waiting reader looks for itself. */
const TAIL_MAX = 1000;

const entryOf = (row: Row): JournaledEvent => ({ cursor: String(row.position), event: row.event, audience: row.audience, area: row.area });

/**
 * The journal in Postgres (ADR 0066). Reads are plain: positions are given in commit order (the writers take one
 * lock, see the journal projections), so whatever snapshot a read has is a prefix of the journal. Each instance
 * LISTENs on the journal's channel to wake its waiting readers; a lost notification costs at most the waiter's
 * own poll interval.
 */
@Injectable()
export class PgEventJournal implements EventJournal, OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('event-journal');
  /** Each waiting reader, with what it waits for (any new event, without a test). */
  private readonly waiters = new Map<() => void, ((entry: NewEntry) => boolean) | undefined>();
  /** The journal's end as this instance last read its new events (undefined: not known, wake everyone). */
  private tailAfter?: string;
  private tailing?: Promise<void>;
  private tailAgain = false;
  private listener?: PoolClient;
  private stopped = false;

  get stopping(): boolean {
    return this.stopped;
  }

  constructor(
    @Inject(DB) private readonly db: AnyDb,
    @Inject(ServiceRuntime) private readonly runtime: ServiceRuntime,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  private async listen(): Promise<void> {
    const client = await this.runtime.pool.connect();
    this.listener = client;
    client.on('notification', () => void this.readTail());
    client.on('error', (error) => {
      if (this.listener !== client) return;
      this.logger.error(`journal listener lost (${error.message}); reconnecting`);
      this.listener = undefined;
      client.release(error);
      this.tailAfter = undefined;
      this.wakeAll();
      const retry = () => {
        if (!this.stopped) this.listen().catch(() => setTimeout(retry, 1000));
      };
      setTimeout(retry, 500);
    });
    await client.query(`LISTEN "${JOURNAL_CHANNEL}"`);
  }

  private wakeAll(): void {
    const waiters = [...this.waiters.keys()];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  /**
   * A commit: ONE read of what is new since the last one (type, audience, area), then only the readers one of those
   * events is for are woken; a thousand waiting readers cost one query per commit, not a thousand. When the end is
   * not known (at start, after a lost connection, past a long backlog) everyone is woken and looks for themselves.
   */
  private async readTail(): Promise<void> {
    if (this.tailing) {
      this.tailAgain = true;
      return;
    }
    this.tailing = (async () => {
      do {
        this.tailAgain = false;
        if (this.waiters.size === 0) {
          this.tailAfter = undefined;
          continue;
        }
        try {
          if (this.tailAfter === undefined) {
            this.tailAfter = await this.head();
            this.wakeAll();
            continue;
          }
          const { rows } = await sql<NewEntry & { position: string }>`
            SELECT position, type, audience, area FROM integrations.event_journal
            WHERE position > ${this.tailAfter}::bigint ORDER BY position LIMIT ${TAIL_MAX}`.execute(this.db);
          if (rows.length === 0) continue;
          this.tailAfter = String(rows[rows.length - 1].position);
          if (rows.length === TAIL_MAX) {
            this.wakeAll();
            continue;
          }
          for (const [wake, interested] of [...this.waiters]) if (!interested || rows.some(interested)) wake();
        } catch {
          this.tailAfter = undefined;
          this.wakeAll();
        }
      } while (this.tailAgain && !this.stopped);
    })().finally(() => (this.tailing = undefined));
    await this.tailing;
  }

  nextCommit(ms: number, interested?: (entry: NewEntry) => boolean): { done: Promise<void>; cancel: () => void } {
    if (this.stopped) return { done: Promise.resolve(), cancel: () => undefined };
    let wake!: () => void;
    let timer: NodeJS.Timeout | undefined;
    const done = new Promise<void>((resolve) => {
      wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      timer = setTimeout(wake, ms);
      this.waiters.set(wake, interested);
    });
    return { done, cancel: wake };
  }

  async page(filter: JournalFilter): Promise<JournalEntry[]> {
    if (filter.rooms.length === 0 || (filter.areas && filter.areas.length === 0)) return [];
    // As text, to bound the page by size (the answer travels as one NATS message) before parsing it.
    const { rows } = await sql<{ position: string; event: string }>`
      SELECT position, event::text AS event FROM integrations.event_journal
      WHERE position > ${filter.after}::bigint AND audience && ${filter.rooms}::text[]
        ${filter.areas ? sql`AND area = ANY(${filter.areas}::text[])` : sql``}
        ${filter.types ? sql`AND type = ANY(${filter.types}::text[])` : sql``}
      ORDER BY position LIMIT ${filter.limit}`.execute(this.db);
    const page: JournalEntry[] = [];
    let bytes = 0;
    for (const row of rows) {
      bytes += row.event.length;
      if (page.length > 0 && bytes > PAGE_BYTES_MAX) break;
      page.push({ cursor: String(row.position), event: JSON.parse(row.event) as JournalEntry['event'] });
    }
    return page;
  }

  async entriesAfter(after: string, limit: number, types?: string[] | null): Promise<JournaledEvent[]> {
    const { rows } = await sql<Row>`
      SELECT position, event, audience, area FROM integrations.event_journal
      WHERE position > ${after}::bigint ${types ? sql`AND type = ANY(${types}::text[])` : sql``}
      ORDER BY position LIMIT ${limit}`.execute(this.db);
    return rows.map(entryOf);
  }

  async head(): Promise<string> {
    const { rows } = await sql<{ position: string | null }>`SELECT max(position) AS position FROM integrations.event_journal`.execute(this.db);
    return String(rows[0]?.position ?? '0');
  }

  async positionOf(eventId: string): Promise<string | null> {
    const { rows } = await sql<{ position: string }>`SELECT position FROM integrations.event_journal WHERE event_id = ${eventId}`.execute(this.db);
    return rows[0] ? String(rows[0].position) : null;
  }

  async positionBefore(time: Date): Promise<string> {
    const { rows } = await sql<{ position: string | null }>`
      SELECT min(position) - 1 AS position FROM integrations.event_journal WHERE occurred_at >= ${time}`.execute(this.db);
    return rows[0]?.position != null ? String(rows[0].position) : await this.head();
  }

  async entry(eventId: string): Promise<JournaledEvent | null> {
    const { rows } = await sql<Row>`
      SELECT position, event, audience, area FROM integrations.event_journal WHERE event_id = ${eventId}`.execute(this.db);
    return rows[0] ? entryOf(rows[0]) : null;
  }

  async prunedThrough(): Promise<string> {
    const { rows } = await sql<{ position: string }>`SELECT pruned_through::text AS position FROM integrations.journal_horizon WHERE id = 1`.execute(this.db);
    return rows[0]?.position ?? '0';
  }

  beforeApplicationShutdown(): void {
    // Before the database closes: the waiting readers answer their (empty) pages now.
    this.stopped = true;
    this.wakeAll();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.wakeAll();
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      await listener.query('UNLISTEN *').catch(() => undefined);
      listener.release();
    }
  }
}
