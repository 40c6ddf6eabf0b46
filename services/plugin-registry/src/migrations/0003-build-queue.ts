import { Kysely, sql } from 'kysely';

const S = 'plugin_registry';

/**
 * The build queue (ADR 0039): a job waits (queued_at) until a slot is free, then runs (started_at) on a
 * machine (run_host). At most one running job per author, at most the machine's limit per run_host.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .withSchema(S)
    .alterTable('plugin_versions')
    .addColumn('queued_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz')
    .addColumn('run_host', 'text')
    .execute();
  // Jobs queued or running are few: the scheduler reads them through this partial index.
  await sql`CREATE INDEX plugin_versions_queue ON ${sql.id(S, 'plugin_versions')} (queued_at) WHERE job_id IS NOT NULL`.execute(db);
}
