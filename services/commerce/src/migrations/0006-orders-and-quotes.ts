import { Kysely, sql } from 'kysely';

const SCHEMA = 'commerce';
const VIEWS = ['business_order_view', 'business_quote_view'] as const;

/**
 * Orders and quotes (ADR 0057), business records like the others (ADR 0029):
 * - `business_order_view`, `business_quote_view`: the common record columns (`name` is the customer's full
 *   name, `price_cents` the price of one unit) plus `status` and `customer_email` (the lists filter and search
 *   on them), with the scope indexes and the live counts per scope of migration 0005 (same triggers).
 * - `business_quote_links`: the customers' links, only the sha-256 of each token (the token itself is only in
 *   the e-mail), naming its quote.
 * - `business_order_pending`, `business_order_revenue`: the orders list's header stats (new orders; revenue
 *   by month of acceptance), kept per scope by the reports projection, so `/reports` reads a few rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema.withSchema(SCHEMA);
  const table = (name: string) => sql.id(SCHEMA, name);

  for (const view of VIEWS) {
    await s
      .createTable(view)
      .addColumn('id', 'char(24)', (c) => c.primaryKey())
      .addColumn('owner_id', 'char(24)', (c) => c.notNull())
      .addColumn('team_id', 'char(24)')
      .addColumn('project_id', 'char(24)')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('price_cents', 'bigint')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('deleted_at', 'timestamptz')
      .addColumn('record', 'jsonb', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('customer_email', 'text', (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX ${sql.id(`${view}_owner`)}
      ON ${table(view)} (owner_id, updated_at DESC, id DESC) WHERE team_id IS NULL AND deleted_at IS NULL`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${view}_team`)}
      ON ${table(view)} (team_id, project_id, updated_at DESC, id DESC) WHERE team_id IS NOT NULL AND deleted_at IS NULL`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${view}_owner_status`)}
      ON ${table(view)} (owner_id, status, updated_at DESC, id DESC) WHERE team_id IS NULL AND deleted_at IS NULL`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${view}_team_status`)}
      ON ${table(view)} (team_id, status, updated_at DESC, id DESC) WHERE team_id IS NOT NULL AND deleted_at IS NULL`.execute(db);
    await countTriggers(db, view);
  }

  await s
    .createTable('business_quote_links')
    .addColumn('token_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('quote_id', 'char(24)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX business_quote_links_quote ON ${table('business_quote_links')} (quote_id)`.execute(db);

  await s
    .createTable('business_order_pending')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('pending', 'bigint', (c) => c.notNull())
    .execute();
  await s
    .createTable('business_order_revenue')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('month', 'date', (c) => c.notNull())
    .addColumn('cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('business_order_revenue_pk', ['scope', 'month'])
    .execute();
}

/** The live-count triggers of migration 0005 on a new view (the same keys: `o:<owner>`, `t:<team>`, `t:<team>:p:<project>`). */
async function countTriggers(db: Kysely<any>, view: string): Promise<void> {
  const table = (name: string) => sql.id(SCHEMA, name);
  const keysOf = (rows: ReturnType<typeof sql>) => sql`
    SELECT k.scope FROM ${rows} AS r,
      LATERAL (VALUES (CASE WHEN r.team_id IS NULL THEN 'o:' || r.owner_id END),
                      (CASE WHEN r.team_id IS NOT NULL THEN 't:' || r.team_id END),
                      (CASE WHEN r.team_id IS NOT NULL THEN 't:' || r.team_id || ':p:' || coalesce(r.project_id, '') END)) AS k(scope)
    WHERE r.deleted_at IS NULL AND k.scope IS NOT NULL`;
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

export async function down(db: Kysely<any>): Promise<void> {
  for (const view of VIEWS) {
    for (const name of ['insert', 'update', 'delete', 'truncate']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`${view}_counts_on_${name}`)} ON ${sql.id(SCHEMA, view)}`.execute(db);
      await sql`DROP FUNCTION IF EXISTS ${sql.id(SCHEMA, `${view}_counts_on_${name}`)}()`.execute(db);
    }
    await db.schema.withSchema(SCHEMA).dropTable(view).ifExists().execute();
  }
  await sql`DELETE FROM ${sql.id(SCHEMA, 'business_record_counts')} WHERE view IN ('business_order_view', 'business_quote_view')`.execute(db);
  for (const name of ['business_quote_links', 'business_order_pending', 'business_order_revenue'])
    await db.schema.withSchema(SCHEMA).dropTable(name).ifExists().execute();
}
