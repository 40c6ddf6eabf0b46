import { Inject, Injectable } from '@nestjs/common';
import type { WebhookScopeKind } from '@kiln/contracts';
import { type AnyDb, DB } from '@kiln/service-kit';
import { sql } from 'kysely';
import { WebhookEndpointChanges, WebhookEndpointRecord, WebhookEndpoints } from '../ports/webhook-endpoints.port';
import { FAN_OUT_LOCK, JOURNAL } from './journal-table';

const S = 'integrations';
const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const orNullDate = (v: unknown) => (v === null || v === undefined ? null : asDate(v));

interface Row {
  id: string;
  owner_id: string;
  scope: string;
  team_id: string | null;
  project_id: string | null;
  url: string;
  description: string;
  event_types: string[];
  ordered: boolean;
  secret_sealed: string;
  enabled: boolean;
  disabled_reason: string | null;
  disabled_at: unknown;
  created_at: unknown;
  updated_at: unknown;
}

export const endpointOf = (r: Row): WebhookEndpointRecord => ({
  id: r.id,
  ownerId: r.owner_id,
  scope: r.scope as WebhookScopeKind,
  teamId: r.team_id,
  projectId: r.project_id,
  url: r.url,
  description: r.description,
  eventTypes: r.event_types,
  ordered: r.ordered,
  secretSealed: r.secret_sealed,
  enabled: r.enabled,
  disabledReason: r.disabled_reason,
  disabledAt: orNullDate(r.disabled_at),
  createdAt: asDate(r.created_at),
  updatedAt: asDate(r.updated_at),
});

/** Webhook endpoints in Postgres (integrations.webhook_endpoints). */
@Injectable()
export class PgWebhookEndpoints implements WebhookEndpoints {
  constructor(@Inject(DB) private readonly db: AnyDb) {}

  async create(e: WebhookEndpointRecord): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Its start is the journal's end, read with every fan-out held off until this commits (FAN_OUT_LOCK).
      await sql`SELECT pg_advisory_xact_lock(hashtext(${FAN_OUT_LOCK}))`.execute(trx);
      await sql`INSERT INTO integrations.webhook_endpoints
        (id, owner_id, scope, team_id, project_id, url, description, event_types, ordered, secret_sealed, enabled, start_position, created_at, updated_at)
        VALUES (${e.id}, ${e.ownerId}, ${e.scope}, ${e.teamId}, ${e.projectId}, ${e.url}, ${e.description}, ${e.eventTypes}::text[], ${e.ordered},
          ${e.secretSealed}, ${e.enabled}, (SELECT coalesce(max(${sql.ref(JOURNAL.position)}), 0) FROM ${sql.table(JOURNAL.table)}),
          ${e.createdAt}, ${e.updatedAt})`.execute(trx);
    });
  }

  async find(id: string): Promise<WebhookEndpointRecord | null> {
    const row = await this.db.withSchema(S).selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? endpointOf(row as Row) : null;
  }

  private scoped(where: { ownerId: string; teamId: string | null; projectId: string | null }) {
    let q = this.db.withSchema(S).selectFrom('webhook_endpoints');
    if (where.teamId === null) q = q.where('team_id', 'is', null).where('owner_id', '=', where.ownerId);
    else {
      q = q.where('team_id', '=', where.teamId);
      if (where.projectId !== null) q = q.where('project_id', '=', where.projectId);
    }
    return q;
  }

  async list(where: { ownerId: string; teamId: string | null; projectId: string | null }): Promise<WebhookEndpointRecord[]> {
    const rows = await this.scoped(where).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(200).execute();
    return rows.map((r) => endpointOf(r as Row));
  }

  async countInScope(where: { ownerId: string; teamId: string | null; projectId: string | null }): Promise<number> {
    const row = await this.scoped(where)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async update(id: string, changes: WebhookEndpointChanges, now: Date): Promise<WebhookEndpointRecord> {
    const set: Record<string, unknown> = { updated_at: now };
    if (changes.url !== undefined) set.url = changes.url;
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.eventTypes !== undefined) set.event_types = sql`${changes.eventTypes}::text[]`;
    if (changes.ordered !== undefined) set.ordered = changes.ordered;
    if (changes.enabled !== undefined) set.enabled = changes.enabled;
    if (changes.disabledReason !== undefined) set.disabled_reason = changes.disabledReason;
    if (changes.disabledAt !== undefined) set.disabled_at = changes.disabledAt;
    // Re-enabled by its owner: nothing is left to tell them.
    if (changes.enabled === true) set.owner_notified = true;
    const row = await this.db.withSchema(S).updateTable('webhook_endpoints').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    return endpointOf(row as Row);
  }

  async remove(id: string): Promise<void> {
    await this.db.withSchema(S).deleteFrom('webhook_endpoints').where('id', '=', id).execute();
  }

  async unnotified(): Promise<WebhookEndpointRecord[]> {
    const rows = await this.db.withSchema(S).selectFrom('webhook_endpoints').selectAll().where('owner_notified', '=', false).limit(20).execute();
    return rows.map((r) => endpointOf(r as Row));
  }

  async markNotified(id: string): Promise<void> {
    await this.db.withSchema(S).updateTable('webhook_endpoints').set({ owner_notified: true }).where('id', '=', id).execute();
  }
}
