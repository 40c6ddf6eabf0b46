import { Kysely, sql } from 'kysely';

const SCHEMA = 'integrations';

/**
 * Outgoing webhooks (issue 21; ADR 0067):
 * - `webhook_endpoints`: an https address subscribed to event types in a scope (personal, a team's, a project's),
 *   with its signing secret sealed (AES-256-GCM under KILN_SECRETS_KEY, as ADR 0060: signing needs the secret
 *   itself), `ordered` (one record's events one after the other), and `enabled` (off by its owner, or after a
 *   delivery's whole retry schedule failed). `start_position` is the journal position when it was made: only later
 *   events are delivered to it, unless replayed.
 * - `webhook_fanout`: how far in the event journal deliveries have been made (one row; locked while advancing).
 * - `webhook_deliveries`: one event for one endpoint, unique per (endpoint, event): a redelivery or a replay puts the
 *   same row back to pending. `seq` orders one record's deliveries for an ordered endpoint. A claim sets
 *   `lease_until` (the attempt's timeout and a margin) and moves `next_attempt_at` past it, so no other worker
 *   takes the row in the same attempt; a worker that died gives it back when the lease ends.
 * - `webhook_attempts`: the delivery log, one row per attempt (kept WEBHOOK_LOG_DAYS days).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema.withSchema(SCHEMA);
  await s
    .createTable('webhook_endpoints')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('owner_id', 'char(24)', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope IN ('personal', 'team', 'project')`))
    .addColumn('team_id', 'char(24)')
    .addColumn('project_id', 'char(24)')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('event_types', sql`text[]`, (c) => c.notNull())
    .addColumn('ordered', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('disabled_reason', 'text')
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('owner_notified', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('start_position', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX webhook_endpoints_owner ON integrations.webhook_endpoints (owner_id, created_at DESC) WHERE team_id IS NULL`.execute(db);
  await sql`CREATE INDEX webhook_endpoints_team ON integrations.webhook_endpoints (team_id, project_id, created_at DESC) WHERE team_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX webhook_endpoints_unnotified ON integrations.webhook_endpoints (id) WHERE NOT owner_notified`.execute(db);

  await s
    .createTable('webhook_fanout')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .execute();

  await s
    .createTable('webhook_deliveries')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'char(24)', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('record_key', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('pending', 'delivered', 'failed', 'skipped')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** Attempts made before the last redelivery or replay: the retry schedule counts from there. */
    .addColumn('attempts_base', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('first_attempt_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('webhook_deliveries_endpoint_event', ['endpoint_id', 'event_id'])
    .execute();
  await sql`CREATE INDEX webhook_deliveries_due ON integrations.webhook_deliveries (next_attempt_at) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_record ON integrations.webhook_deliveries (endpoint_id, record_key, seq) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_log ON integrations.webhook_deliveries (endpoint_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_old ON integrations.webhook_deliveries (updated_at) WHERE status <> 'pending'`.execute(db);

  await s
    .createTable('webhook_attempts')
    .addColumn('delivery_id', 'char(24)', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('response', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('webhook_attempts_pkey', ['delivery_id', 'attempt'])
    .execute();
  await sql`CREATE INDEX webhook_attempts_at ON integrations.webhook_attempts (at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const s = db.schema.withSchema(SCHEMA);
  await s.dropTable('webhook_attempts').ifExists().execute();
  await s.dropTable('webhook_deliveries').ifExists().execute();
  await s.dropTable('webhook_fanout').ifExists().execute();
  await s.dropTable('webhook_endpoints').ifExists().execute();
}
