import { Kysely, sql } from 'kysely';
import { SCHEMA } from '../database.types';

/**
 * The bell's counts are read on every page load: counting a recipient's notifications grows with them
 * (1 ms at 10,000). `notification_counts` keeps both counts per recipient — all of them, and the unread
 * ones that are not disabled — by statement triggers on `notification_view`, in the same transaction as
 * every write to it (live applies, mark-read, disabling, rebuilds), as `model_counts` does (migration
 * 0004). The partial index the unread count was read from has no reader left.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const table = (name: string) => sql.id(SCHEMA, name);
  await sql`CREATE TABLE ${table('notification_counts')} (
    recipient_id char(24) PRIMARY KEY,
    all_count bigint NOT NULL,
    unread bigint NOT NULL
  )`.execute(db);
  await sql`INSERT INTO ${table('notification_counts')} (recipient_id, all_count, unread)
    SELECT recipient_id, count(*), count(*) FILTER (WHERE NOT read AND NOT disabled) FROM ${table('notification_view')} GROUP BY recipient_id`.execute(db);

  // Rows counted per statement, in key order so two transactions lock count rows in the same order.
  const delta = (rows: ReturnType<typeof sql>) => sql`
    INSERT INTO ${table('notification_counts')} AS c (recipient_id, all_count, unread)
    SELECT recipient_id, sum(a), sum(u) FROM (${rows}) AS changes
    GROUP BY recipient_id HAVING sum(a) <> 0 OR sum(u) <> 0 ORDER BY recipient_id
    ON CONFLICT (recipient_id) DO UPDATE SET all_count = c.all_count + excluded.all_count, unread = c.unread + excluded.unread`;
  const added = sql`SELECT recipient_id, 1 AS a, (NOT read AND NOT disabled)::int AS u FROM new_rows`;
  const removed = sql`SELECT recipient_id, -1 AS a, -(NOT read AND NOT disabled)::int AS u FROM old_rows`;
  const triggers = [
    { event: sql`INSERT`, referencing: sql`NEW TABLE AS new_rows`, rows: added, name: 'insert' },
    { event: sql`UPDATE`, referencing: sql`OLD TABLE AS old_rows NEW TABLE AS new_rows`, rows: sql`${added} UNION ALL ${removed}`, name: 'update' },
    { event: sql`DELETE`, referencing: sql`OLD TABLE AS old_rows`, rows: removed, name: 'delete' },
  ];
  for (const t of triggers) {
    const fn = sql.id(SCHEMA, `notification_counts_on_${t.name}`);
    await sql`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${delta(t.rows)}; RETURN NULL; END $$`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`notification_counts_on_${t.name}`)} AFTER ${t.event} ON ${table('notification_view')}
      REFERENCING ${t.referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
  }
  const truncated = sql.id(SCHEMA, 'notification_counts_on_truncate');
  await sql`CREATE FUNCTION ${truncated}() RETURNS trigger LANGUAGE plpgsql
    AS $$ BEGIN DELETE FROM ${table('notification_counts')}; RETURN NULL; END $$`.execute(db);
  await sql`CREATE TRIGGER notification_counts_on_truncate
    AFTER TRUNCATE ON ${table('notification_view')} FOR EACH STATEMENT EXECUTE FUNCTION ${truncated}()`.execute(db);
  await sql`DROP INDEX ${table('notification_view_recipient_unread')}`.execute(db);
}
