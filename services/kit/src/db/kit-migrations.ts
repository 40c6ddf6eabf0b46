import { sql } from 'kysely';
import { Migration } from 'kysely/migration';
import { createOutboxAggregateIndex } from '../outbox/outbox';
import { AnyDb } from './any-schema';

/**
 * Tables of the shared plumbing, migrated into every service's schema by `migrateSchema` before the
 * service's own migrations (their own history table: `kiln_kit_migration`). A service never writes
 * these by hand; the kit's helpers do.
 */
export function kitMigrations(schema: string): Record<string, Migration> {
  const table = (name: string) => sql.id(schema, name);
  return {
    '0001-dead-letters': {
      async up(db: AnyDb) {
        // Events a projection could not parse or apply after its last delivery; replayed by a CLI once fixed.
        await sql`CREATE TABLE IF NOT EXISTS ${table('dead_letters')} (
          id bigserial PRIMARY KEY,
          consumer text NOT NULL,
          event_id text NOT NULL,
          subject text NOT NULL,
          payload text NOT NULL,
          error text NOT NULL,
          deliveries integer NOT NULL,
          failed_at timestamptz NOT NULL DEFAULT now(),
          replayed_at timestamptz,
          UNIQUE (consumer, event_id)
        )`.execute(db);
      },
    },
    '0002-idempotency-keys': {
      async up(db: AnyDb) {
        // One row per (user, Idempotency-Key): written in the command's own transaction.
        await sql`CREATE TABLE IF NOT EXISTS ${table('idempotency_keys')} (
          user_id text NOT NULL,
          key text NOT NULL,
          operation text NOT NULL,
          request_hash text NOT NULL,
          resource_id text,
          response jsonb,
          created_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (user_id, key)
        )`.execute(db);
        await sql`CREATE INDEX IF NOT EXISTS idempotency_keys_created_at ON ${table('idempotency_keys')} (created_at)`.execute(db);
      },
    },
    '0003-rate-limits': {
      async up(db: AnyDb) {
        // Fixed-window counters shared by every instance of the service: one atomic upsert per hit.
        await sql`CREATE TABLE IF NOT EXISTS ${table('rate_limits')} (
          bucket text NOT NULL,
          window_start timestamptz NOT NULL,
          hits integer NOT NULL,
          PRIMARY KEY (bucket, window_start)
        )`.execute(db);
      },
    },
    '0004-outbox-unpublished-by-aggregate': {
      async up(db: AnyDb) {
        // Each write asks whether an earlier event of its aggregate is still unpublished (ADR 0015); while
        // NATS is down that backlog grows, so the question must not scan it.
        // A fresh schema gets it from createPlumbingTables (its outbox does not exist yet at this point).
        const { rows } = await sql<{ exists: boolean }>`SELECT to_regclass(${`${schema}.outbox`}) IS NOT NULL AS exists`.execute(db);
        if (rows[0]?.exists) await createOutboxAggregateIndex(db, schema);
      },
    },
  };
}
