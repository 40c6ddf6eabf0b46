import { Kysely, PostgresDialect } from 'kysely';
import { Migration, Migrator } from 'kysely/migration';
import { Pool, types } from 'pg';
import { kitMigrations } from './kit-migrations';
import { registerPool } from './prepared';

// bigint columns (outbox positions, counts) as numbers: they stay far below 2^53.
types.setTypeParser(types.builtins.INT8, (value) => Number(value));

export function createDatabase<DB>(databaseUrl: string, options: { max?: number } = {}): { db: Kysely<DB>; pool: Pool } {
  const pool = new Pool({ connectionString: databaseUrl, max: options.max ?? 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  registerPool(db, pool);
  return { db, pool };
}

/**
 * Runs the kit's plumbing migrations, then the service's own, inside its schema; both migration tables
 * live there too.
 */
export async function migrateSchema(db: Kysely<any>, schema: string, migrations: Record<string, Migration>): Promise<void> {
  await db.schema.createSchema(schema).ifNotExists().execute();
  await migrateWith(db, schema, kitMigrations(schema), 'kiln_kit_migration');
  await migrateWith(db, schema, migrations);
}

async function migrateWith(db: Kysely<any>, schema: string, migrations: Record<string, Migration>, tableName?: string): Promise<void> {
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
