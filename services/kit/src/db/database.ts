import { Kysely, PostgresDialect } from 'kysely';
import { Migration, Migrator } from 'kysely/migration';
import { Pool, types } from 'pg';
import { kitMigrations } from './kit-migrations';
import { registerPool } from './prepared';
import { AnyDb } from './any-schema';

// bigint columns (outbox positions, counts) as numbers: they stay far below 2^53.
types.setTypeParser(types.builtins.INT8, (value) => Number(value));

/**
 * How long a query waits for a connection (a free one of the pool, or a new one being made) before it
 * fails. node-postgres waits forever by default: with the database away behind a silent network, every
 * request would hang instead of being answered 503 (ADR 0046).
 */
export const CONNECT_TIMEOUT_MS = 5_000;

export function createDatabase<DB>(databaseUrl: string, options: { max?: number } = {}): { db: Kysely<DB>; pool: Pool } {
  const pool = new Pool({ connectionString: databaseUrl, max: options.max ?? 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor a client in use (kysely's, between or during its queries): node-postgres emits the loss as an
  // 'error' event on the client too, and nobody listened, so a database going away killed the service
  // (ADR 0046). The query in flight fails with the loss (a 503), and the pool drops the broken client
  // when it is given back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  registerPool(db, pool);
  return { db, pool };
}

/**
 * Runs the kit's plumbing migrations, then the service's own, inside its schema; both migration tables
 * live there too.
 */
export async function migrateSchema(db: AnyDb, schema: string, migrations: Record<string, Migration>): Promise<void> {
  await db.schema.createSchema(schema).ifNotExists().execute();
  await migrateWith(db, schema, kitMigrations(schema), 'kiln_kit_migration');
  await migrateWith(db, schema, migrations);
}

async function migrateWith(db: AnyDb, schema: string, migrations: Record<string, Migration>, tableName?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    ...(tableName ? { migrationTableName: tableName, migrationLockTableName: `${tableName}_lock` } : {}),
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migrations of schema ${schema} failed at ${failed?.migrationName ?? '?'}: ${String(error)}`);
}
