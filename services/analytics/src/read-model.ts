import type { PoolClient } from 'pg';

/** The consumer's own Postgres schema (ADR 0068): nothing else writes here, and it reads no other schema. */
export const SCHEMA = 'analytics';

/** Money is counted in minor units (cents) of its currency. Kiln's prices are US dollars (ADR 0030); see ADR 0068 for outside stores. */
export const CURRENCY = 'USD';

/**
 * The read model's tables, made at start when missing (and again by a rebuild, after dropping them).
 * - `processed_events`: every event id applied, written in the same transaction as the counts (dedupe).
 * - `daily_counts`: how many facts of a kind happened on a UTC day, by scope.
 * - `monthly_deals`: how many quotes or orders, and their amount in minor units, by UTC month, scope and currency.
 * - `rejected_events`: events that did not match their published contract (kept to look at, never counted).
 * - `rebuilds`: when a rebuild ran and from which time each stream still held events.
 * - `monthly_revenue` (view): orders accepted in a month minus those of them declined later, i.e. the revenue a seller keeps.
 */
export const SCHEMA_DDL = `
CREATE SCHEMA IF NOT EXISTS ${SCHEMA};
CREATE TABLE IF NOT EXISTS ${SCHEMA}.processed_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS ${SCHEMA}.daily_counts (
  day date NOT NULL,
  metric text NOT NULL,
  scope_type text NOT NULL,
  scope_id text NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (day, metric, scope_type, scope_id)
);
CREATE TABLE IF NOT EXISTS ${SCHEMA}.monthly_deals (
  month date NOT NULL,
  metric text NOT NULL,
  scope_type text NOT NULL,
  scope_id text NOT NULL,
  currency text NOT NULL,
  count bigint NOT NULL,
  amount_minor bigint NOT NULL,
  PRIMARY KEY (month, metric, scope_type, scope_id, currency)
);
CREATE TABLE IF NOT EXISTS ${SCHEMA}.rejected_events (
  event_id text PRIMARY KEY,
  subject text NOT NULL,
  payload text NOT NULL,
  error text NOT NULL,
  rejected_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS ${SCHEMA}.rebuilds (
  started_at timestamptz NOT NULL DEFAULT now(),
  streams jsonb NOT NULL
);
CREATE OR REPLACE VIEW ${SCHEMA}.monthly_revenue AS
  SELECT month, scope_type, scope_id, currency,
    sum(CASE WHEN metric = 'orders.accepted' THEN count ELSE -count END) AS orders,
    sum(CASE WHEN metric = 'orders.accepted' THEN amount_minor ELSE -amount_minor END) AS amount_minor
  FROM ${SCHEMA}.monthly_deals
  WHERE metric IN ('orders.accepted', 'orders.accepted-then-declined')
  GROUP BY month, scope_type, scope_id, currency;
`;

/** The tables a rebuild drops (the view goes with them). */
export const DROP_DDL = `
DROP VIEW IF EXISTS ${SCHEMA}.monthly_revenue;
DROP TABLE IF EXISTS ${SCHEMA}.processed_events, ${SCHEMA}.daily_counts, ${SCHEMA}.monthly_deals, ${SCHEMA}.rejected_events;
`;

/** Live applies take this lock shared, a rebuild exclusive: a batch lands wholly before or wholly after the tables are reset. */
export const REBUILD_LOCK = `${SCHEMA}.rebuild`;

/** Whose numbers a fact counts in: a team's, or a person's own. */
export interface Scope {
  type: 'team' | 'user';
  id: string;
}

/** One count a fact adds, to a day (`daily_counts`) or a month (`monthly_deals`, with an amount). */
export type Increment =
  | { table: 'daily_counts'; day: string; metric: string; scope: Scope }
  | { table: 'monthly_deals'; month: string; metric: string; scope: Scope; currency: string; amountMinor: number };

/** An event as the consumer applies it: its id and type, and the counts it adds (none when it changes nothing counted). */
export interface CountedEvent {
  eventId: string;
  type: string;
  increments: Increment[];
}

/** `2026-11-26T07:09:00.000Z` → `2026-11-26` (the UTC day). */
export const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);
/** `2026-11-26T07:09:00.000Z` → `2026-11-01` (the UTC month's first day). */
export const monthOf = (iso: string) => `${new Date(iso).toISOString().slice(0, 7)}-01`;

/**
 * Applies a batch in one transaction the caller opened: records the event ids (`ON CONFLICT DO NOTHING`), then adds
 * the counts of the events recorded just now, each once (a repeated id, in this batch or any earlier one, adds
 * nothing). Answers how many events were new.
 */
export async function applyBatch(client: PoolClient, events: CountedEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  await client.query('SELECT pg_advisory_xact_lock_shared(hashtext($1))', [REBUILD_LOCK]);
  const { rows } = await client.query<{ event_id: string }>(
    `INSERT INTO ${SCHEMA}.processed_events (event_id, type)
     SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING RETURNING event_id`,
    [events.map((e) => e.eventId), events.map((e) => e.type)],
  );
  const fresh = new Set(rows.map((r) => r.event_id));
  const daily = new Map<string, { day: string; metric: string; scope: Scope; count: number }>();
  const monthly = new Map<string, { month: string; metric: string; scope: Scope; currency: string; count: number; amount: number }>();
  for (const event of events) {
    // The first copy of a fresh id counts; a second copy in the same batch finds the id taken.
    if (!fresh.delete(event.eventId)) continue;
    for (const inc of event.increments) {
      if (inc.table === 'daily_counts') {
        const key = [inc.day, inc.metric, inc.scope.type, inc.scope.id].join('|');
        const row = daily.get(key) ?? daily.set(key, { day: inc.day, metric: inc.metric, scope: inc.scope, count: 0 }).get(key)!;
        row.count += 1;
      } else {
        const key = [inc.month, inc.metric, inc.scope.type, inc.scope.id, inc.currency].join('|');
        const row =
          monthly.get(key) ??
          monthly.set(key, { month: inc.month, metric: inc.metric, scope: inc.scope, currency: inc.currency, count: 0, amount: 0 }).get(key)!;
        row.count += 1;
        row.amount += inc.amountMinor;
      }
    }
  }
  // Sorted keys: two transactions touching the same rows lock them in the same order (no deadlock).
  const days = [...daily.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
  if (days.length) {
    await client.query(
      `INSERT INTO ${SCHEMA}.daily_counts AS d (day, metric, scope_type, scope_id, count)
       SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::bigint[])
       ON CONFLICT (day, metric, scope_type, scope_id) DO UPDATE SET count = d.count + excluded.count`,
      [days.map((r) => r.day), days.map((r) => r.metric), days.map((r) => r.scope.type), days.map((r) => r.scope.id), days.map((r) => r.count)],
    );
  }
  const months = [...monthly.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
  if (months.length) {
    await client.query(
      `INSERT INTO ${SCHEMA}.monthly_deals AS m (month, metric, scope_type, scope_id, currency, count, amount_minor)
       SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[])
       ON CONFLICT (month, metric, scope_type, scope_id, currency)
       DO UPDATE SET count = m.count + excluded.count, amount_minor = m.amount_minor + excluded.amount_minor`,
      [
        months.map((r) => r.month),
        months.map((r) => r.metric),
        months.map((r) => r.scope.type),
        months.map((r) => r.scope.id),
        months.map((r) => r.currency),
        months.map((r) => r.count),
        months.map((r) => r.amount),
      ],
    );
  }
  return rows.length;
}

/** Keeps an event that did not match its contract (never counted), in the batch's transaction. */
export async function recordRejected(client: PoolClient, rejected: { eventId: string; subject: string; payload: string; error: string }[]): Promise<void> {
  if (rejected.length === 0) return;
  await client.query(
    `INSERT INTO ${SCHEMA}.rejected_events (event_id, subject, payload, error)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) ON CONFLICT (event_id) DO NOTHING`,
    [rejected.map((r) => r.eventId), rejected.map((r) => r.subject), rejected.map((r) => r.payload), rejected.map((r) => r.error)],
  );
}
