import { Kysely, sql } from 'kysely';

const SCHEMA = 'commerce';

/**
 * The orders chart (ADR 0058): `business_order_revenue` also counts the orders of each (scope, month), kept by the
 * reports projection beside the revenue, so `/reports` still reads at most 12 rows whatever the number of orders.
 * Rows already there get their counts from the orders' read model (what the projection's rebuild would give).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .withSchema(SCHEMA)
    .alterTable('business_order_revenue')
    .addColumn('orders', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  const t = (name: string) => sql.id(SCHEMA, name);
  await sql`UPDATE ${t('business_order_revenue')} AS rev SET orders = c.n
    FROM (
      SELECT k.scope, (substr(r.record->>'acceptedAt', 1, 7) || '-01')::date AS month, count(*) AS n
      FROM ${t('business_order_view')} AS r,
        LATERAL (VALUES (CASE WHEN r.team_id IS NULL THEN 'o:' || r.owner_id END),
          (CASE WHEN r.team_id IS NOT NULL THEN 't:' || r.team_id END),
          (CASE WHEN r.team_id IS NOT NULL THEN 't:' || r.team_id || ':p:' || coalesce(r.project_id, '') END)) AS k(scope)
      WHERE r.deleted_at IS NULL AND r.status IN ('accepted', 'completed') AND r.record->>'acceptedAt' IS NOT NULL AND k.scope IS NOT NULL
      GROUP BY 1, 2
    ) AS c
    WHERE rev.scope = c.scope AND rev.month = c.month`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.withSchema(SCHEMA).alterTable('business_order_revenue').dropColumn('orders').execute();
}
