import { Kysely, sql } from 'kysely';

const SCHEMA = 'commerce';
const VIEWS = ['business_material_view', 'business_service_view', 'business_catalog_view'] as const;

/**
 * The business lists' first pages and totals without sorting or counting every row of a scope (ADR 0036):
 * the scope indexes end with `id`, the lists' tie-break; and, like the models list's `model_counts` (ADR 0014),
 * `business_record_counts` keeps the live records per view and scope, by statement triggers in the same
 * transaction as every write to a view (live applies, batches, rebuilds). A scope is a key (see
 * `scopeKey` in list-records.ts): `o:<owner>` for personal records; a team's record counts under
 * `t:<team>` (the whole team) and `t:<team>:p:<project or empty>` (its project, or none).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const table = (name: string) => sql.id(SCHEMA, name);
  await sql`CREATE TABLE ${table('business_record_counts')} (
    view text NOT NULL,
    scope text NOT NULL,
    live bigint NOT NULL,
    PRIMARY KEY (view, scope)
  )`.execute(db);

  // The keys a row counts under, beside each row of `rows`.
  const keysOf = (rows: ReturnType<typeof sql>) => sql`
    SELECT k.scope FROM ${rows} AS r,
      LATERAL (VALUES (CASE WHEN r.team_id IS NULL THEN 'o:' || r.owner_id END),
                      (CASE WHEN r.team_id IS NOT NULL THEN 't:' || r.team_id END),
                      (CASE WHEN r.team_id IS NOT NULL THEN 't:' || r.team_id || ':p:' || coalesce(r.project_id, '') END)) AS k(scope)
    WHERE r.deleted_at IS NULL AND k.scope IS NOT NULL`;

  for (const view of VIEWS) {
    // The default order (newest change first, ties by id) read straight from the index, no sort at all.
    await sql`DROP INDEX IF EXISTS ${sql.id(SCHEMA, `${view}_owner`)}`.execute(db);
    await sql`DROP INDEX IF EXISTS ${sql.id(SCHEMA, `${view}_team`)}`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${view}_owner`)}
      ON ${table(view)} (owner_id, updated_at DESC, id DESC) WHERE team_id IS NULL AND deleted_at IS NULL`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${view}_team`)}
      ON ${table(view)} (team_id, project_id, updated_at DESC, id DESC) WHERE team_id IS NOT NULL AND deleted_at IS NULL`.execute(db);
    await sql`INSERT INTO ${table('business_record_counts')} (view, scope, live)
      SELECT ${view}, scope, count(*) FROM (${keysOf(table(view))}) AS keys GROUP BY scope`.execute(db);
    // One function per kind of statement (a trigger with transition tables handles one event); counted per
    // statement, in key order, so two transactions lock count rows in the same order and never deadlock.
    const delta = (rows: ReturnType<typeof sql>) => sql`
      INSERT INTO ${table('business_record_counts')} AS c (view, scope, live)
      SELECT ${sql.lit(view)}, scope, sum(d) FROM (${rows}) AS changes
      GROUP BY scope HAVING sum(d) <> 0 ORDER BY scope
      ON CONFLICT (view, scope) DO UPDATE SET live = c.live + excluded.live`;
    const added = sql`SELECT scope, 1 AS d FROM (${keysOf(sql`new_rows`)}) AS a`;
    const removed = sql`SELECT scope, -1 AS d FROM (${keysOf(sql`old_rows`)}) AS r`;
    const triggers = [
      { event: sql`INSERT`, referencing: sql`NEW TABLE AS new_rows`, rows: added, name: 'insert' },
      { event: sql`UPDATE`, referencing: sql`OLD TABLE AS old_rows NEW TABLE AS new_rows`, rows: sql`${added} UNION ALL ${removed}`, name: 'update' },
      { event: sql`DELETE`, referencing: sql`OLD TABLE AS old_rows`, rows: removed, name: 'delete' },
    ];
    for (const t of triggers) {
      const fn = sql.id(SCHEMA, `${view}_counts_on_${t.name}`);
      await sql`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${delta(t.rows)}; RETURN NULL; END $$`.execute(db);
      await sql`CREATE TRIGGER ${sql.id(`${view}_counts_on_${t.name}`)} AFTER ${t.event} ON ${table(view)}
        REFERENCING ${t.referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
    }
    const truncated = sql.id(SCHEMA, `${view}_counts_on_truncate`);
    await sql`CREATE FUNCTION ${truncated}() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN DELETE FROM ${table('business_record_counts')} WHERE view = ${sql.lit(view)}; RETURN NULL; END $$`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`${view}_counts_on_truncate`)}
      AFTER TRUNCATE ON ${table(view)} FOR EACH STATEMENT EXECUTE FUNCTION ${truncated}()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const view of VIEWS) {
    for (const name of ['insert', 'update', 'delete', 'truncate']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`${view}_counts_on_${name}`)} ON ${sql.id(SCHEMA, view)}`.execute(db);
      await sql`DROP FUNCTION IF EXISTS ${sql.id(SCHEMA, `${view}_counts_on_${name}`)}()`.execute(db);
    }
  }
  await sql`DROP TABLE IF EXISTS ${sql.id(SCHEMA, 'business_record_counts')}`.execute(db);
}
