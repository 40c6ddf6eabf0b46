import { Kysely, sql } from 'kysely';
import { SCHEMA } from '../database.types';

const SORTS = { updated_at: sql`updated_at`, created_at: sql`created_at`, name: sql`lower(name)` };

/**
 * Lists cost the same for 1,000 models as for 100,000 (ADR 0014):
 * - `scope` ('' for personal, else the team id) so that "author + scope" is an equality and the index
 *   order serves the sort (`team_id IS NULL` is not an equality to the planner, which sorted every row);
 * - partial covering indexes of live rows per sort, so a page is an index-only scan of its own rows
 *   (the name index includes `name`, which `lower(name)` needs for an index-only scan);
 * - `model_counts`, the live models per author and scope, kept by statement triggers in the same
 *   transaction as every write to `model_view` (live applies, batches, rebuilds), instead of count(*);
 * - a trigram index for `contains` searches (pg_trgm is a trusted extension: the database owner may
 *   create it without being a superuser).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const table = (name: string) => sql.id(SCHEMA, name);
  await sql`ALTER TABLE ${table('model_view')} ADD COLUMN scope text GENERATED ALWAYS AS (coalesce(team_id, '')) STORED`.execute(db);
  for (const column of ['updated_at', 'created_at', 'name']) await sql`DROP INDEX IF EXISTS ${sql.id(SCHEMA, `model_view_author_${column}`)}`.execute(db);
  for (const [name, key] of Object.entries(SORTS)) {
    const include = name === 'name' ? sql`INCLUDE (name)` : sql``;
    await sql`CREATE INDEX ${sql.id(`model_view_live_by_${name}`)}
      ON ${table('model_view')} (author_id, scope, ${key}, id) ${include} WHERE deleted_at IS NULL`.execute(db);
  }
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX model_view_live_name_trgm ON ${table('model_view')} USING gin (name gin_trgm_ops) WHERE deleted_at IS NULL`.execute(db);

  await sql`CREATE TABLE ${table('model_counts')} (
    author_id char(24) NOT NULL,
    scope text NOT NULL,
    live bigint NOT NULL,
    PRIMARY KEY (author_id, scope)
  )`.execute(db);
  await sql`INSERT INTO ${table('model_counts')} (author_id, scope, live)
    SELECT author_id, scope, count(*) FROM ${table('model_view')} WHERE deleted_at IS NULL GROUP BY author_id, scope`.execute(db);

  // One function per kind of statement: a trigger with transition tables handles one event. Rows are
  // counted per statement (a batch of 1,000 upserts is one update per author), in key order so two
  // transactions lock count rows in the same order and never deadlock.
  const delta = (rows: ReturnType<typeof sql>) => sql`
    INSERT INTO ${table('model_counts')} AS c (author_id, scope, live)
    SELECT author_id, scope, sum(d) FROM (${rows}) AS changes
    GROUP BY author_id, scope HAVING sum(d) <> 0 ORDER BY author_id, scope
    ON CONFLICT (author_id, scope) DO UPDATE SET live = c.live + excluded.live`;
  const added = sql`SELECT author_id, scope, 1 AS d FROM new_rows WHERE deleted_at IS NULL`;
  const removed = sql`SELECT author_id, scope, -1 AS d FROM old_rows WHERE deleted_at IS NULL`;
  const triggers = [
    { event: sql`INSERT`, referencing: sql`NEW TABLE AS new_rows`, rows: added, name: 'insert' },
    { event: sql`UPDATE`, referencing: sql`OLD TABLE AS old_rows NEW TABLE AS new_rows`, rows: sql`${added} UNION ALL ${removed}`, name: 'update' },
    { event: sql`DELETE`, referencing: sql`OLD TABLE AS old_rows`, rows: removed, name: 'delete' },
  ];
  for (const t of triggers) {
    const fn = sql.id(SCHEMA, `model_counts_on_${t.name}`);
    await sql`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${delta(t.rows)}; RETURN NULL; END $$`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`model_counts_on_${t.name}`)} AFTER ${t.event} ON ${table('model_view')}
      REFERENCING ${t.referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
  }
  const truncated = sql.id(SCHEMA, 'model_counts_on_truncate');
  await sql`CREATE FUNCTION ${truncated}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM ${table('model_counts')}; RETURN NULL; END $$`.execute(db);
  await sql`CREATE TRIGGER model_counts_on_truncate AFTER TRUNCATE ON ${table('model_view')} FOR EACH STATEMENT EXECUTE FUNCTION ${truncated}()`.execute(db);
}
