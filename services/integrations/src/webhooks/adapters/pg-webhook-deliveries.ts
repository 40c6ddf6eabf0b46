import { Inject, Injectable } from '@nestjs/common';
import type { AnyEventEnvelope, WebhookDelivery } from '@kiln/contracts';
import { endpointWants, recordKeyOf } from '@kiln/domain';
import { type AnyDb, type AnyTrx, DB, newId, type PruneHook } from '@kiln/service-kit';
import { sql } from 'kysely';
import {
  AttemptOutcome,
  AttemptRecord,
  AttemptVerdict,
  ClaimedDelivery,
  ClaimRequest,
  VisibleFilter,
  WebhookDeliveries,
} from '../ports/webhook-deliveries.port';
import { endpointOf } from './pg-webhook-endpoints.repository';
import type { WebhookEndpointRecord } from '../ports/webhook-endpoints.port';
import { FAN_OUT_LOCK, JOURNAL } from './journal-table';
import { WEBHOOKS_CHANNEL } from './pg-webhook-wakeups';

/** What an endpoint subscribed to, as the domain's matching reads it. */
const subscriptionOf = (e: WebhookEndpointRecord) => ({ eventTypes: e.eventTypes, scope: { kind: e.scope, teamId: e.teamId, projectId: e.projectId } });

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

interface JournalRow {
  position: string;
  event_id: string;
  event: AnyEventEnvelope;
  audience: string[];
  area: string | null;
}

/**
 * The journal's next events after a position, in position order. The order names the table's column: the answer's
 * `position` is text, and ordering by it (as text, "10000" before "9999") skipped and repeated events where the
 * positions gain a digit.
 */
const journalAfter = (db: AnyDb | AnyTrx, after: string, limit: number) => {
  const position = sql.ref(`j.${JOURNAL.position}`);
  return sql<JournalRow>`SELECT ${position}::text AS position, j.${sql.ref(JOURNAL.eventId)} AS event_id, j.${sql.ref(JOURNAL.event)} AS event,
      to_json(j.${sql.ref(JOURNAL.audience)}) AS audience, j.${sql.ref(JOURNAL.area)} AS area
    FROM ${sql.table(JOURNAL.table)} AS j WHERE ${position} > ${after}::bigint ORDER BY ${position} LIMIT ${limit}`.execute(db);
};

/** A replay reads the journal in batches (internal, not an API page size): the first small so its deliveries start at once, the next larger. */
const REPLAY_FIRST_BATCH = 250;
const REPLAY_BATCH = 1000;

/** Postgres text holds no NUL character: an answer's are dropped. */
const withoutNul = (text: string) => text.split(String.fromCharCode(0)).join('');

/**
 * The first CTEs of a statement recording attempts (a group commit): each logged (once: the `(delivery, attempt)`
 * key), and its delivery's state decided only where the delivery is still at that attempt.
 */
function recordAttempts(batch: AttemptRecord[]) {
  const col = <T>(f: (i: AttemptRecord) => T) => batch.map(f);
  return sql`
      WITH input AS (
        SELECT * FROM unnest(${col((i) => i.claim.id)}::text[], ${col((i) => i.claim.attempt)}::int[], ${col((i) => i.outcome.at)}::timestamptz[],
          ${col((i) => i.outcome.statusCode)}::int[], ${col((i) => i.outcome.durationMs)}::int[], ${col((i) => i.outcome.error)}::text[],
          ${col((i) => withoutNul(i.outcome.response))}::text[], ${col((i) => i.verdict.status)}::text[],
          ${col((i) => (i.verdict.status === 'pending' ? i.verdict.nextAttemptAt : null))}::timestamptz[])
          AS t(id, attempt, at, status_code, duration_ms, error, response, status, next_attempt_at)
      ), logged AS (
        INSERT INTO integrations.webhook_attempts (delivery_id, attempt, at, status_code, duration_ms, error, response)
        SELECT id, attempt, at, status_code, duration_ms, error, response FROM input
        ON CONFLICT DO NOTHING
      ), decided AS (
        UPDATE integrations.webhook_deliveries d SET status = i.status, next_attempt_at = i.next_attempt_at, lease_until = NULL, updated_at = i.at
        FROM input i WHERE d.id = i.id AND d.attempts = i.attempt AND d.status = 'pending'
      )`;
}

/** Deliveries and their attempts in Postgres (integrations.webhook_deliveries, webhook_attempts; ADR 0067). */
@Injectable()
export class PgWebhookDeliveries implements WebhookDeliveries {
  constructor(@Inject(DB) private readonly db: AnyDb) {}

  async fanOut(limit: number, now: Date, visible: VisibleFilter): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      // Shared with other fan-outs, after any endpoint creation in progress: the statements below see that endpoint.
      await sql`SELECT pg_advisory_xact_lock_shared(hashtext(${FAN_OUT_LOCK}))`.execute(trx);
      // Without an enabled endpoint nothing is owed: the cursor moves to the journal's end in one statement, instead
      // of reading each new event (the worker is woken at every journal commit).
      const live = await sql<{ enabled: boolean }>`WITH live AS (SELECT EXISTS (SELECT 1 FROM integrations.webhook_endpoints WHERE enabled) AS enabled),
          moved AS (
            UPDATE integrations.webhook_fanout
              SET position = greatest(position, (SELECT coalesce(max(${sql.ref(JOURNAL.position)}), 0) FROM ${sql.table(JOURNAL.table)}))
            WHERE id = 'main' AND NOT (SELECT enabled FROM live))
        SELECT enabled FROM live`.execute(trx);
      if (!live.rows[0]!.enabled) return 0;
      // The cursor starts where the oldest endpoint started (or at the journal's end): nothing older is owed.
      await sql`INSERT INTO integrations.webhook_fanout (id, position)
        VALUES ('main', coalesce((SELECT min(start_position) FROM integrations.webhook_endpoints),
                                 (SELECT max(${sql.ref(JOURNAL.position)}) FROM ${sql.table(JOURNAL.table)}), 0))
        ON CONFLICT (id) DO NOTHING`.execute(trx);
      // One instance advances the cursor at a time; the others go on to claim.
      const cursor = await sql<{ position: string }>`SELECT position::text AS position FROM integrations.webhook_fanout
        WHERE id = 'main' FOR UPDATE SKIP LOCKED`.execute(trx);
      if (cursor.rows.length === 0) return 0;
      const events = (await journalAfter(trx, cursor.rows[0]!.position, limit)).rows;
      if (events.length === 0) return 0;
      const types = [...new Set(events.map((e) => e.event.type))];
      const endpoints = (
        await sql<Parameters<typeof endpointOf>[0] & { start_position: string }>`SELECT * FROM integrations.webhook_endpoints
          WHERE enabled AND event_types && ${types}::text[]`.execute(trx)
      ).rows;
      const rows: Record<string, unknown>[] = [];
      for (const row of endpoints) {
        const endpoint = endpointOf(row);
        const wanted = events.filter((e) => BigInt(e.position) > BigInt(row.start_position) && endpointWants(subscriptionOf(endpoint), e.event));
        if (wanted.length === 0) continue;
        // Only what the owner may see now gets a delivery (checked again at each attempt).
        for (const e of await visible(endpoint, wanted)) rows.push(this.deliveryRow(row.id, e, now));
      }
      rows.sort((a, b) => (BigInt(a.position as string) < BigInt(b.position as string) ? -1 : 1));
      if (rows.length) {
        await trx
          .withSchema('integrations')
          .insertInto('webhook_deliveries')
          .values(rows)
          .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
          .execute();
        await this.wakeWorkers(trx);
      }
      await sql`UPDATE integrations.webhook_fanout SET position = ${events[events.length - 1]!.position}::bigint WHERE id = 'main'`.execute(trx);
      return events.length;
    });
  }

  private deliveryRow(endpointId: string, e: JournalRow, now: Date): Record<string, unknown> {
    return {
      id: newId(now),
      endpoint_id: endpointId,
      event_id: e.event_id,
      event_type: e.event.type,
      position: e.position,
      record_key: recordKeyOf(e.event),
      status: 'pending',
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    };
  }

  async recordAndClaim(records: AttemptRecord[], claim: ClaimRequest | null): Promise<ClaimedDelivery[]> {
    // The disabling kind goes alone (it changes the endpoint); the rest in one statement with the next claims.
    const alone = records.filter((i) => i.verdict.status === 'failed' && i.verdict.disableEndpoint);
    for (const i of alone) await this.finish(i.claim, i.outcome, i.verdict);
    const batch = alone.length ? records.filter((i) => !alone.includes(i)) : records;
    if (!claim) {
      if (batch.length) await sql`${recordAttempts(batch)} SELECT 1`.execute(this.db);
      return [];
    }
    const { now } = claim;
    const leaseUntil = new Date(now.getTime() + claim.leaseMs);
    const finished = batch.map((i) => i.claim.id);
    // Each enabled endpoint with due deliveries has room for its window less what is leased of it now (by every
    // worker; the attempts recorded here no longer count); its first due ones up to that room are the candidates (an
    // ordered endpoint's only when no earlier one of the record is pending); the earliest `limit` of them are locked,
    // skipping rows another worker holds (and, after the lock, rows no longer due: claimed meanwhile), and leased.
    const rows = await sql<{
      id: string;
      endpoint_id: string;
      event_id: string;
      attempts: number;
      attempts_base: number;
      first_attempt_at: Date;
      position: string;
      body: string | null;
      audience: string[] | null;
      area: string | null;
      /** The endpoint's row with its first claim only (the same for all its claims). */
      endpoint: Parameters<typeof endpointOf>[0] | null;
    }>`
      ${recordAttempts(batch)}, windows AS (
        SELECT * FROM unnest(${claim.windows.map((w) => w.endpointId)}::text[], ${claim.windows.map((w) => w.size)}::int[]) AS w(endpoint_id, size)
      ), room AS (
        SELECT e.id AS endpoint_id, e.ordered, coalesce(w.size, ${claim.defaultWindow}::int) - (
            SELECT count(*) FROM integrations.webhook_deliveries b
            WHERE b.endpoint_id = e.id AND b.status = 'pending' AND b.lease_until IS NOT NULL AND b.lease_until > ${now}
              AND b.id <> ALL(${finished}::text[]))::int AS room
        FROM integrations.webhook_endpoints e LEFT JOIN windows w ON w.endpoint_id = e.id
        WHERE e.enabled AND EXISTS (
          SELECT 1 FROM integrations.webhook_deliveries x WHERE x.endpoint_id = e.id AND x.status = 'pending' AND x.next_attempt_at <= ${now})
      ), candidates AS (
        SELECT c.id, c.next_attempt_at, c.seq FROM room r CROSS JOIN LATERAL (
          SELECT d.id, d.next_attempt_at, d.seq FROM integrations.webhook_deliveries d
          WHERE d.endpoint_id = r.endpoint_id AND d.status = 'pending' AND d.next_attempt_at <= ${now} AND d.id <> ALL(${finished}::text[])
            AND (NOT r.ordered OR NOT EXISTS (
              SELECT 1 FROM integrations.webhook_deliveries p
              WHERE p.endpoint_id = d.endpoint_id AND p.record_key = d.record_key AND p.status = 'pending' AND p.seq < d.seq))
          ORDER BY d.next_attempt_at, d.seq
          LIMIT r.room
        ) c
        WHERE r.room > 0
      ), due AS (
        SELECT d.id FROM integrations.webhook_deliveries d JOIN candidates c ON c.id = d.id
        WHERE d.status = 'pending' AND d.next_attempt_at <= ${now}
        ORDER BY c.next_attempt_at, c.seq
        LIMIT ${claim.limit}
        FOR UPDATE OF d SKIP LOCKED
      ), claimed AS (
        UPDATE integrations.webhook_deliveries w
        SET attempts = w.attempts + 1, lease_until = ${leaseUntil}, next_attempt_at = ${leaseUntil},
            first_attempt_at = CASE WHEN w.attempts = w.attempts_base THEN ${now}::timestamptz ELSE w.first_attempt_at END, updated_at = ${now}
        FROM due WHERE w.id = due.id
        RETURNING w.id, w.endpoint_id, w.event_id, w.attempts, w.attempts_base, w.first_attempt_at, w.position, w.seq
      )
      -- (the event as the journal's text, sent as it is; the audience as JSON: node reads it faster than an array's text)
      SELECT c.id, c.endpoint_id, c.event_id, c.attempts, c.attempts_base, c.first_attempt_at, c.position::text AS position,
        j.${sql.ref(JOURNAL.event)}::text AS body, to_json(j.${sql.ref(JOURNAL.audience)}) AS audience, j.${sql.ref(JOURNAL.area)} AS area,
        CASE WHEN row_number() OVER (PARTITION BY c.endpoint_id ORDER BY c.seq) = 1 THEN to_jsonb(e.*) END AS endpoint
      FROM claimed c
      JOIN integrations.webhook_endpoints e ON e.id = c.endpoint_id
      LEFT JOIN ${sql.table(JOURNAL.table)} j ON j.${sql.ref(JOURNAL.position)} = c.position
      ORDER BY c.seq`.execute(this.db);
    const endpoints = new Map<string, WebhookEndpointRecord>();
    for (const r of rows.rows) if (r.endpoint) endpoints.set(r.endpoint_id, endpointOf(r.endpoint));
    return rows.rows.map((r) => {
      const endpoint = endpoints.get(r.endpoint_id)!;
      return {
        id: r.id,
        endpointId: r.endpoint_id,
        eventId: r.event_id,
        attempt: r.attempts,
        scheduleAttempt: r.attempts - r.attempts_base,
        firstAttemptAt: new Date(r.first_attempt_at),
        leaseUntil,
        position: r.position,
        body: r.body,
        audience: r.audience ?? [],
        area: r.area,
        endpoint,
      };
    });
  }

  async giveBack(claims: ClaimedDelivery[], now: Date): Promise<void> {
    if (claims.length === 0) return;
    // Only a claim still holding its delivery (no newer attempt took it); the attempt it would have been is not counted.
    await sql`UPDATE integrations.webhook_deliveries d SET attempts = d.attempts - 1, lease_until = NULL, next_attempt_at = ${now}, updated_at = ${now}
      FROM unnest(${claims.map((c) => c.id)}::text[], ${claims.map((c) => c.attempt)}::int[]) AS g(id, attempt)
      WHERE d.id = g.id AND d.attempts = g.attempt AND d.status = 'pending'`.execute(this.db);
    await this.wakeWorkers();
  }

  /** Wakes the workers of every instance (LISTEN on WEBHOOKS_CHANNEL): deliveries became due. */
  private async wakeWorkers(db: AnyDb | AnyTrx = this.db): Promise<void> {
    await sql`SELECT pg_notify(${WEBHOOKS_CHANNEL}, '')`.execute(db);
  }

  async finish(claim: ClaimedDelivery, outcome: AttemptOutcome, verdict: AttemptVerdict): Promise<void> {
    const response = withoutNul(outcome.response);
    const next = verdict.status === 'pending' ? verdict.nextAttemptAt : null;
    const disable = verdict.status === 'failed' ? verdict.disableEndpoint : null;
    // One statement (atomic, one round trip): the attempt is logged; only the claim still holding the delivery
    // decides its state (a lease that ran out was taken by a newer attempt); a failure past the schedule may disable the
    // endpoint. A success writes nothing to the endpoint's row, which every attempt would otherwise wait on.
    await sql`
      WITH attempt AS (
        INSERT INTO integrations.webhook_attempts (delivery_id, attempt, at, status_code, duration_ms, error, response)
        VALUES (${claim.id}, ${claim.attempt}, ${outcome.at}, ${outcome.statusCode}, ${outcome.durationMs}, ${outcome.error}, ${response})
        ON CONFLICT DO NOTHING
      ), decided AS (
        UPDATE integrations.webhook_deliveries SET status = ${verdict.status}, next_attempt_at = ${next}, lease_until = NULL, updated_at = ${outcome.at}
        WHERE id = ${claim.id} AND attempts = ${claim.attempt} AND status = 'pending'
        RETURNING endpoint_id
      )
      UPDATE integrations.webhook_endpoints e SET enabled = false, disabled_reason = ${disable?.reason ?? null}::text, disabled_at = ${outcome.at},
        owner_notified = false, updated_at = ${outcome.at}
      FROM decided WHERE e.id = decided.endpoint_id AND ${disable !== null}::boolean AND e.enabled`.execute(this.db);
  }

  async redeliver(endpointId: string, deliveryId: string, now: Date): Promise<boolean> {
    const r = await sql`UPDATE integrations.webhook_deliveries SET status = 'pending', next_attempt_at = ${now}, attempts_base = attempts,
        lease_until = NULL, updated_at = ${now}
      WHERE id = ${deliveryId} AND endpoint_id = ${endpointId} AND NOT (status = 'pending' AND lease_until > ${now})`.execute(this.db);
    if (Number(r.numAffectedRows ?? 0) > 0) {
      await this.wakeWorkers();
      return true;
    }
    const exists = await sql`SELECT 1 FROM integrations.webhook_deliveries WHERE id = ${deliveryId} AND endpoint_id = ${endpointId}`.execute(this.db);
    return exists.rows.length > 0;
  }

  async replay(endpointId: string, afterPosition: string, max: number, now: Date, visible: VisibleFilter): Promise<number> {
    const endpointRow = (await sql<Parameters<typeof endpointOf>[0]>`SELECT * FROM integrations.webhook_endpoints WHERE id = ${endpointId}`.execute(this.db))
      .rows[0];
    if (!endpointRow) return 0;
    const endpoint = endpointOf(endpointRow);
    const subscription = subscriptionOf(endpoint);
    let queued = 0;
    let after = afterPosition;
    // Page by page, each committed and the workers woken at once: the first deliveries are sent while later pages are
    // read (a replay cut short queues the rest when asked again; queuing one again is harmless).
    for (let page = REPLAY_FIRST_BATCH; queued < max; page = REPLAY_BATCH) {
      const events = (await journalAfter(this.db, after, page)).rows;
      if (events.length === 0) break;
      after = events[events.length - 1]!.position;
      const wanted = events.filter((e) => endpointWants(subscription, e.event));
      const rows = (await visible(endpoint, wanted)).slice(0, max - queued).map((e) => this.deliveryRow(endpointId, e, now));
      if (rows.length === 0) continue;
      // One statement of arrays (not a thousand rows of parameters); one in flight is left to finish (it is being
      // sent already): never two sends of one attempt.
      const col = (name: string) => rows.map((r) => r[name]);
      await sql`WITH queued AS (
          INSERT INTO integrations.webhook_deliveries (id, endpoint_id, event_id, event_type, position, record_key, status, next_attempt_at,
            created_at, updated_at)
          SELECT id, ${endpointId}, event_id, event_type, position, record_key, 'pending', ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
          FROM unnest(${col('id')}::text[], ${col('event_id')}::text[], ${col('event_type')}::text[], ${col('position')}::bigint[],
            ${col('record_key')}::text[]) AS t(id, event_id, event_type, position, record_key)
          ON CONFLICT (endpoint_id, event_id) DO UPDATE SET status = 'pending', next_attempt_at = ${now}, attempts_base = webhook_deliveries.attempts,
            lease_until = NULL, updated_at = ${now}
          WHERE NOT (webhook_deliveries.status = 'pending' AND webhook_deliveries.lease_until > ${now})
          RETURNING 1)
        SELECT pg_notify(${WEBHOOKS_CHANNEL}, '') WHERE EXISTS (SELECT 1 FROM queued)`.execute(this.db);
      queued += rows.length;
    }
    return queued;
  }

  async list(endpointId: string, skip: number, pageSize: number): Promise<{ data: WebhookDelivery[]; total: number }> {
    const total = await sql<{ n: string }>`SELECT count(*) AS n FROM integrations.webhook_deliveries WHERE endpoint_id = ${endpointId}`.execute(this.db);
    const rows = await this.withAttempts(sql`d.endpoint_id = ${endpointId}`, skip, pageSize);
    return { data: rows, total: Number(total.rows[0]!.n) };
  }

  async get(endpointId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    return (await this.withAttempts(sql`d.endpoint_id = ${endpointId} AND d.id = ${deliveryId}`, 0, 1))[0] ?? null;
  }

  private async withAttempts(where: ReturnType<typeof sql>, skip: number, limit: number): Promise<WebhookDelivery[]> {
    const rows = await sql<{
      id: string;
      endpoint_id: string;
      event_id: string;
      event_type: string;
      status: WebhookDelivery['status'];
      next_attempt_at: Date | null;
      created_at: Date;
      attempts: { attempt: number; at: string; status_code: number | null; duration_ms: number; error: string | null; response: string }[] | null;
    }>`SELECT d.id, d.endpoint_id, d.event_id, d.event_type, d.status, d.next_attempt_at, d.created_at,
        (SELECT json_agg(a ORDER BY a.attempt DESC) FROM integrations.webhook_attempts a WHERE a.delivery_id = d.id) AS attempts
      FROM integrations.webhook_deliveries d WHERE ${where}
      ORDER BY d.created_at DESC, d.seq DESC OFFSET ${skip} LIMIT ${limit}`.execute(this.db);
    return rows.rows.map((r) => ({
      id: r.id,
      endpointId: r.endpoint_id,
      eventId: r.event_id,
      eventType: r.event_type,
      status: r.status,
      nextAttemptAt: r.status === 'pending' && r.next_attempt_at ? iso(r.next_attempt_at) : null,
      createdAt: iso(r.created_at),
      attempts: (r.attempts ?? []).map((a) => ({
        attempt: a.attempt,
        at: iso(a.at),
        statusCode: a.status_code,
        durationMs: a.duration_ms,
        error: a.error,
        response: a.response,
      })),
    }));
  }

  async deliveredSince(endpointId: string, since: Date): Promise<boolean> {
    const r = await sql`SELECT 1 FROM integrations.webhook_deliveries d
      JOIN integrations.webhook_attempts a ON a.delivery_id = d.id AND a.at >= ${since} AND a.error IS NULL AND a.status_code BETWEEN 200 AND 299
      WHERE d.endpoint_id = ${endpointId} AND d.status = 'delivered' AND d.updated_at >= ${since} LIMIT 1`.execute(this.db);
    return r.rows.length > 0;
  }

  async prune(before: Date): Promise<number> {
    return this.db.transaction().execute((trx) => pruneWebhookLog(trx, before));
  }
}

async function pruneWebhookLog(trx: AnyTrx, before: Date): Promise<number> {
  const attempts = await sql`DELETE FROM integrations.webhook_attempts WHERE at < ${before}`.execute(trx);
  const deliveries = await sql`DELETE FROM integrations.webhook_deliveries WHERE status <> 'pending' AND updated_at < ${before}`.execute(trx);
  return Number(attempts.numAffectedRows ?? 0) + Number(deliveries.numAffectedRows ?? 0);
}

/** The prune job's hook (kit's pruneOnce): the delivery log is kept WEBHOOK_LOG_DAYS days. */
export const webhookPruneHook =
  (logDays: number): PruneHook =>
  (trx, now) =>
    pruneWebhookLog(trx, new Date(now.getTime() - logDays * 86_400_000));
