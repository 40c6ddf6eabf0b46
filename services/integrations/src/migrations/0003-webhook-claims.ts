import { Kysely, sql } from 'kysely';

/**
 * The webhook worker's claims (ADR 0067, 2026-11-26 amendment):
 * - `webhook_deliveries_endpoint_due`: an endpoint's due deliveries in order, so a claim takes each endpoint's first
 *   ones by itself (a long queue of one endpoint no longer fills the claim's look at the due deliveries of all);
 * - `webhook_deliveries_leased`: the deliveries leased now (being sent or waiting their turn in a worker), counted per
 *   endpoint by every claim against the endpoint's window; a small index (a lease ends at the attempt's record).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX webhook_deliveries_endpoint_due ON integrations.webhook_deliveries (endpoint_id, next_attempt_at, seq)
    WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_leased ON integrations.webhook_deliveries (endpoint_id, lease_until)
    WHERE status = 'pending' AND lease_until IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS integrations.webhook_deliveries_leased`.execute(db);
  await sql`DROP INDEX IF EXISTS integrations.webhook_deliveries_endpoint_due`.execute(db);
}
