import { Inject, Injectable } from '@nestjs/common';
import type { AnyEventEnvelope, WebhookDelivery } from '@kiln/contracts';
import { endpointWants, recordKeyOf } from '@kiln/domain';
import { type AnyDb, type AnyTrx, DB, newId, type PruneHook } from '@kiln/service-kit';
import { sql } from 'kysely';
import { AttemptOutcome, AttemptVerdict, ClaimedDelivery, VisibleFilter, WebhookDeliveries } from '../ports/webhook-deliveries.port';
import { endpointOf } from './pg-webhook-endpoints.repository';
import type { WebhookEndpointRecord } from '../ports/webhook-endpoints.port';
import { JOURNAL } from './journal-table';

/** What an endpoint subscribed to, as the domain's matching reads it. */
const subscriptionOf = (e: WebhookEndpointRecord) => ({ eventTypes: e.eventTypes, scope: { kind: e.scope, teamId: e.teamId, projectId: e.projectId } });

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

interface JournalRow {
  position: string;
  event_id: string;
  event: AnyEventEnvelope;
}

const journalAfter = (db: AnyDb | AnyTrx, after: string, limit: number) =>
  sql<JournalRow>`SELECT ${sql.ref(JOURNAL.position)}::text AS position, ${sql.ref(JOURNAL.eventId)} AS event_id, ${sql.ref(JOURNAL.event)} AS event
    FROM ${sql.table(JOURNAL.table)} WHERE ${sql.ref(JOURNAL.position)} > ${after}::bigint ORDER BY ${sql.ref(JOURNAL.position)} LIMIT ${limit}`.execute(db);

/** Deliveries and their attempts in Postgres (integrations.webhook_deliveries, webhook_attempts; ADR 0067). */
@Injectable()
export class PgWebhookDeliveries implements WebhookDeliveries {
  constructor(@Inject(DB) private readonly db: AnyDb) {}

  async fanOut(limit: number, now: Date, visible: VisibleFilter): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
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
        const seen = new Set(
          (
            await visible(
              endpoint,
              wanted.map((e) => e.event),
            )
          ).map((e) => e.eventId),
        );
        for (const e of wanted) if (seen.has(e.event_id)) rows.push(this.deliveryRow(row.id, e, now));
      }
      rows.sort((a, b) => (BigInt(a.position as string) < BigInt(b.position as string) ? -1 : 1));
      if (rows.length) {
        await trx
          .withSchema('integrations')
          .insertInto('webhook_deliveries')
          .values(rows)
          .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
          .execute();
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

  async claim(limit: number, perEndpoint: number, leaseMs: number, now: Date): Promise<ClaimedDelivery[]> {
    const leaseUntil = new Date(now.getTime() + leaseMs);
    // The first due deliveries (at most 200 looked at), ranked per endpoint so that with those already in flight
    // no endpoint gets more than `perEndpoint`; then locked, skipping rows another worker holds, and leased.
    const rows = await sql<{
      id: string;
      endpoint_id: string;
      event_id: string;
      attempts: number;
      attempts_base: number;
      first_attempt_at: Date;
      position: string;
      event: AnyEventEnvelope | null;
      endpoint: Parameters<typeof endpointOf>[0];
    }>`
      WITH busy AS (
        SELECT endpoint_id, count(*) AS n FROM integrations.webhook_deliveries
        WHERE status = 'pending' AND lease_until > ${now} GROUP BY endpoint_id
      ), candidates AS (
        SELECT d.id, d.endpoint_id, d.next_attempt_at, d.seq FROM integrations.webhook_deliveries d
        JOIN integrations.webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
        WHERE d.status = 'pending' AND d.next_attempt_at <= ${now}
          AND (NOT e.ordered OR NOT EXISTS (
            SELECT 1 FROM integrations.webhook_deliveries p
            WHERE p.endpoint_id = d.endpoint_id AND p.record_key = d.record_key AND p.status = 'pending' AND p.seq < d.seq))
        ORDER BY d.next_attempt_at, d.seq
        LIMIT 200
      ), ranked AS (
        SELECT c.id, c.next_attempt_at, c.seq,
          row_number() OVER (PARTITION BY c.endpoint_id ORDER BY c.next_attempt_at, c.seq) + coalesce(b.n, 0) AS slot
        FROM candidates c LEFT JOIN busy b ON b.endpoint_id = c.endpoint_id
      ), due AS (
        SELECT d.id FROM integrations.webhook_deliveries d JOIN ranked r ON r.id = d.id
        WHERE r.slot <= ${perEndpoint} AND d.status = 'pending'
        ORDER BY r.next_attempt_at, r.seq
        LIMIT ${limit}
        FOR UPDATE OF d SKIP LOCKED
      ), claimed AS (
        UPDATE integrations.webhook_deliveries w
        SET attempts = w.attempts + 1, lease_until = ${leaseUntil}, next_attempt_at = ${leaseUntil},
            first_attempt_at = CASE WHEN w.attempts = w.attempts_base THEN ${now}::timestamptz ELSE w.first_attempt_at END, updated_at = ${now}
        FROM due WHERE w.id = due.id
        RETURNING w.id, w.endpoint_id, w.event_id, w.attempts, w.attempts_base, w.first_attempt_at, w.position
      )
      SELECT c.id, c.endpoint_id, c.event_id, c.attempts, c.attempts_base, c.first_attempt_at, c.position::text AS position,
        j.${sql.ref(JOURNAL.event)} AS event, to_jsonb(e.*) AS endpoint
      FROM claimed c
      JOIN integrations.webhook_endpoints e ON e.id = c.endpoint_id
      LEFT JOIN ${sql.table(JOURNAL.table)} j ON j.${sql.ref(JOURNAL.position)} = c.position`.execute(this.db);
    return rows.rows.map((r) => ({
      id: r.id,
      endpointId: r.endpoint_id,
      eventId: r.event_id,
      attempt: r.attempts,
      scheduleAttempt: r.attempts - r.attempts_base,
      firstAttemptAt: new Date(r.first_attempt_at),
      position: r.position,
      event: r.event,
      endpoint: endpointOf(r.endpoint),
    }));
  }

  async finish(claim: ClaimedDelivery, outcome: AttemptOutcome, verdict: AttemptVerdict): Promise<void> {
    // Postgres text holds no NUL character: an answer's are dropped.
    const response = outcome.response.split(String.fromCharCode(0)).join('');
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

  async finishMany(items: { claim: ClaimedDelivery; outcome: AttemptOutcome; verdict: AttemptVerdict }[]): Promise<void> {
    // The disabling kind goes alone (it changes the endpoint); the rest in one statement (group commit).
    const alone = items.filter((i) => i.verdict.status === 'failed' && i.verdict.disableEndpoint);
    for (const i of alone) await this.finish(i.claim, i.outcome, i.verdict);
    const batch = items.filter((i) => !alone.includes(i));
    if (batch.length === 0) return;
    const col = <T>(f: (i: (typeof batch)[number]) => T) => batch.map(f);
    await sql`
      WITH input AS (
        SELECT * FROM unnest(${col((i) => i.claim.id)}::text[], ${col((i) => i.claim.attempt)}::int[], ${col((i) => i.outcome.at)}::timestamptz[],
          ${col((i) => i.outcome.statusCode)}::int[], ${col((i) => i.outcome.durationMs)}::int[], ${col((i) => i.outcome.error)}::text[],
          ${col((i) => i.outcome.response.split(String.fromCharCode(0)).join(''))}::text[], ${col((i) => i.verdict.status)}::text[],
          ${col((i) => (i.verdict.status === 'pending' ? i.verdict.nextAttemptAt : null))}::timestamptz[])
          AS t(id, attempt, at, status_code, duration_ms, error, response, status, next_attempt_at)
      ), logged AS (
        INSERT INTO integrations.webhook_attempts (delivery_id, attempt, at, status_code, duration_ms, error, response)
        SELECT id, attempt, at, status_code, duration_ms, error, response FROM input
        ON CONFLICT DO NOTHING
      )
      UPDATE integrations.webhook_deliveries d SET status = i.status, next_attempt_at = i.next_attempt_at, lease_until = NULL, updated_at = i.at
      FROM input i WHERE d.id = i.id AND d.attempts = i.attempt AND d.status = 'pending'`.execute(this.db);
  }

  async redeliver(endpointId: string, deliveryId: string, now: Date): Promise<boolean> {
    const r = await sql`UPDATE integrations.webhook_deliveries SET status = 'pending', next_attempt_at = ${now}, attempts_base = attempts,
        lease_until = NULL, updated_at = ${now}
      WHERE id = ${deliveryId} AND endpoint_id = ${endpointId} AND NOT (status = 'pending' AND lease_until > ${now})`.execute(this.db);
    if (Number(r.numAffectedRows ?? 0) > 0) return true;
    const exists = await sql`SELECT 1 FROM integrations.webhook_deliveries WHERE id = ${deliveryId} AND endpoint_id = ${endpointId}`.execute(this.db);
    return exists.rows.length > 0;
  }

  async replay(endpointId: string, afterPosition: string, max: number, now: Date, visible: VisibleFilter): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const endpointRow = (await sql<Parameters<typeof endpointOf>[0]>`SELECT * FROM integrations.webhook_endpoints WHERE id = ${endpointId}`.execute(trx))
        .rows[0];
      if (!endpointRow) return 0;
      const endpoint = endpointOf(endpointRow);
      const subscription = subscriptionOf(endpoint);
      let queued = 0;
      let after = afterPosition;
      while (queued < max) {
        const events = (await journalAfter(trx, after, 1000)).rows;
        if (events.length === 0) break;
        after = events[events.length - 1]!.position;
        const wanted = events.filter((e) => endpointWants(subscription, e.event));
        const seen = new Set(
          (
            await visible(
              endpoint,
              wanted.map((e) => e.event),
            )
          ).map((e) => e.eventId),
        );
        const rows = wanted
          .filter((e) => seen.has(e.event_id))
          .slice(0, max - queued)
          .map((e) => this.deliveryRow(endpointId, e, now));
        if (rows.length === 0) continue;
        await trx
          .withSchema('integrations')
          .insertInto('webhook_deliveries')
          .values(rows)
          .onConflict((oc) =>
            oc
              .columns(['endpoint_id', 'event_id'])
              .doUpdateSet({
                status: 'pending',
                next_attempt_at: now,
                attempts_base: sql`webhook_deliveries.attempts`,
                lease_until: null,
                updated_at: now,
              })
              // One in flight is left to finish (it is being sent already): never two sends of one attempt.
              .where(sql<boolean>`NOT (webhook_deliveries.status = 'pending' AND webhook_deliveries.lease_until > ${now})`),
          )
          .execute();
        queued += rows.length;
      }
      return queued;
    });
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
