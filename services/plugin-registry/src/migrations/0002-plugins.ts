import { Kysely, sql } from 'kysely';

const S = 'plugin_registry';

/**
 * Plugins and versions (ADR 0025): write-side state as jsonb beside the columns that carry uniqueness,
 * concurrency and the pipeline job's lease; read models projected from the events; logs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema.withSchema(S);
  await s
    .createTable('plugins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('plugin_id', 'text', (c) => c.notNull().unique())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .execute();
  await s
    .createTable('plugin_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('plugin_record_id', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('state', 'jsonb', (c) => c.notNull())
    // The pipeline job: which instance runs it and until when its lease holds (renewed while it runs).
    .addColumn('job_id', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addUniqueConstraint('plugin_versions_version', ['plugin_record_id', 'version'])
    .execute();
  await sql`CREATE INDEX plugin_versions_jobs ON ${sql.id(S, 'plugin_versions')} (lease_until) WHERE job_id IS NOT NULL`.execute(db);
  // Every version a plugin ever had, deleted ones included: a number is never used twice (spec 001 §4).
  await s
    .createTable('plugin_used_versions')
    .addColumn('plugin_record_id', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('plugin_used_versions_pk', ['plugin_record_id', 'version'])
    .execute();
  await s
    .createTable('plugin_logs')
    .addColumn('seq', 'bigserial', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('log', 'jsonb', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX plugin_logs_version ON ${sql.id(S, 'plugin_logs')} (version_id, seq)`.execute(db);

  // Read models.
  await s
    .createTable('plugin_view')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('plugin_id', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('private', 'boolean', (c) => c.notNull())
    .addColumn('team_id', 'text')
    .addColumn('project_id', 'text')
    .addColumn('latest_version', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX plugin_view_author ON ${sql.id(S, 'plugin_view')} (author_id, updated_at DESC, id)`.execute(db);
  await s
    .createTable('plugin_version_view')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('plugin_record_id', 'text', (c) => c.notNull())
    .addColumn('package_id', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX plugin_version_view_plugin ON ${sql.id(S, 'plugin_version_view')} (plugin_record_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX plugin_version_view_package ON ${sql.id(S, 'plugin_version_view')} (package_id, version)`.execute(db);
  await s
    .createTable('plugin_log_view')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX plugin_log_view_version ON ${sql.id(S, 'plugin_log_view')} (version_id, seq DESC)`.execute(db);
}
