import { Kysely, sql } from 'kysely';

const SCHEMA = 'commerce';

/**
 * Business records (ADR 0029): materials, services and catalog items are streams in `events`; here are
 * their read models and what authorizes them.
 * - `business_<type>_view`: one row per record with the columns lists filter and sort on, and `record`
 *   (the record as read, JSON). Deleted records stay as tombstones (`deleted_at`) so a late event never
 *   brings one back. Projected from COMMERCE_EVENTS, rebuildable from `events`.
 * - `business_record_history`: each record's timeline (one row per fact), projected likewise.
 * - `business_teams`, `business_team_members`, `business_projects`: who is in which team with which role,
 *   followed from the workspace's team events (version-guarded on the team's version).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema.withSchema(SCHEMA);
  const table = (name: string) => sql.id(SCHEMA, name);

  const views: Record<string, (t: any) => any> = {
    business_material_view: (t) => t.addColumn('material_class', 'text', (c: any) => c.notNull()).addColumn('in_stock', 'boolean', (c: any) => c.notNull()),
    business_service_view: (t) => t.addColumn('service_class', 'text', (c: any) => c.notNull()),
    business_catalog_view: (t) => t.addColumn('model_id', 'char(24)', (c: any) => c.notNull()),
  };
  for (const [name, extra] of Object.entries(views)) {
    let t = s
      .createTable(name)
      .addColumn('id', 'char(24)', (c) => c.primaryKey())
      .addColumn('owner_id', 'char(24)', (c) => c.notNull())
      .addColumn('team_id', 'char(24)')
      .addColumn('project_id', 'char(24)')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      // Integer cents: sorting by price (null when the type has none).
      .addColumn('price_cents', 'bigint')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('deleted_at', 'timestamptz')
      .addColumn('record', 'jsonb', (c) => c.notNull());
    t = extra(t);
    await t.execute();
    // Lists read one scope: my personal records, or one team's (optionally one project's).
    await sql`CREATE INDEX ${sql.id(`${name}_owner`)} ON ${table(name)} (owner_id, updated_at DESC) WHERE team_id IS NULL AND deleted_at IS NULL`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${name}_team`)}
      ON ${table(name)} (team_id, project_id, updated_at DESC) WHERE team_id IS NOT NULL AND deleted_at IS NULL`.execute(db);
  }

  await s
    .createTable('business_record_history')
    .addColumn('record_id', 'char(24)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('by', 'char(24)', (c) => c.notNull())
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('business_record_history_pk', ['record_id', 'version'])
    .execute();

  await s
    .createTable('business_teams')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('owner_id', 'char(24)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull())
    .execute();
  await s
    .createTable('business_team_members')
    .addColumn('member_id', 'char(24)', (c) => c.primaryKey())
    .addColumn('team_id', 'char(24)', (c) => c.notNull())
    .addColumn('user_id', 'char(24)')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull())
    .addColumn('team_version', 'integer', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX business_team_members_user ON ${table('business_team_members')} (user_id, team_id) WHERE active`.execute(db);
  await s
    .createTable('business_projects')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('team_id', 'char(24)', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull())
    .addColumn('team_version', 'integer', (c) => c.notNull())
    .execute();
}
