import { Kysely, sql } from 'kysely';
import { SCHEMA } from '../database.types';

/**
 * Teams, projects, members, model shares and favorites (issue: workspace core).
 * Write side: `teams` + `team_members` + `projects` (one TeamAggregate, one version), `model_shares`,
 * `favorites`. Read side (projections, versions + tombstones as for models): `team_view`,
 * `team_member_view`, `project_view`, `model_share_view`, `favorite_view`. Member and project rows of
 * the views carry the team version that last wrote them, so an older team event never regresses them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema.withSchema(SCHEMA);
  const table = (name: string) => sql.id(SCHEMA, name);

  const teamColumns = (t: ReturnType<Kysely<any>['schema']['createTable']>) =>
    t
      .addColumn('id', 'char(24)', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('color', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'char(24)', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull());
  await teamColumns(s.createTable('teams')).execute();
  await teamColumns(s.createTable('team_view')).addColumn('deleted_at', 'timestamptz').execute();

  await s
    .createTable('team_members')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('team_id', 'char(24)', (c) => c.notNull().references(`${SCHEMA}.teams.id`).onDelete('cascade'))
    .addColumn('user_id', 'char(24)')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('team_members_team_email', ['team_id', 'email'])
    .execute();
  // Pending invites are found by e-mail when someone signs up.
  await sql`CREATE INDEX team_members_pending_email ON ${table('team_members')} (email) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX team_members_user ON ${table('team_members')} (user_id, team_id)`.execute(db);

  await s
    .createTable('team_member_view')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('team_id', 'char(24)', (c) => c.notNull())
    .addColumn('user_id', 'char(24)')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('team_version', 'integer', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX team_member_view_team ON ${table('team_member_view')} (team_id, created_at, id) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX team_member_view_user ON ${table('team_member_view')} (user_id, team_id) INCLUDE (role, status) WHERE deleted_at IS NULL`.execute(db);

  const projectColumns = (t: ReturnType<Kysely<any>['schema']['createTable']>) =>
    t
      .addColumn('id', 'char(24)', (c) => c.primaryKey())
      .addColumn('team_id', 'char(24)', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull());
  await projectColumns(s.createTable('projects')).execute();
  await sql`ALTER TABLE ${table('projects')} ADD FOREIGN KEY (team_id) REFERENCES ${table('teams')} (id) ON DELETE CASCADE`.execute(db);
  await projectColumns(s.createTable('project_view'))
    .addColumn('team_version', 'integer', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX project_view_team ON ${table('project_view')} (team_id, created_at, id) WHERE deleted_at IS NULL`.execute(db);

  const shareColumns = (t: ReturnType<Kysely<any>['schema']['createTable']>) =>
    t
      .addColumn('id', 'char(24)', (c) => c.primaryKey())
      .addColumn('model_id', 'char(24)', (c) => c.notNull())
      .addColumn('owner_id', 'char(24)', (c) => c.notNull())
      .addColumn('user_id', 'char(24)')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('shared_by_id', 'char(24)', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull());
  await shareColumns(s.createTable('model_shares')).addUniqueConstraint('model_shares_model_email', ['model_id', 'email']).execute();
  await sql`CREATE INDEX model_shares_pending_email ON ${table('model_shares')} (email) WHERE user_id IS NULL`.execute(db);
  await sql`CREATE INDEX model_shares_user ON ${table('model_shares')} (user_id, model_id)`.execute(db);
  await shareColumns(s.createTable('model_share_view')).addColumn('deleted_at', 'timestamptz').execute();
  await sql`CREATE INDEX model_share_view_user
    ON ${table('model_share_view')} (user_id, created_at, id) INCLUDE (model_id, role) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX model_share_view_model ON ${table('model_share_view')} (model_id) WHERE deleted_at IS NULL`.execute(db);

  await s
    .createTable('favorites')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(24)', (c) => c.notNull())
    .addColumn('model_id', 'char(24)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('favorites_user_model', ['user_id', 'model_id'])
    .execute();
  await sql`CREATE INDEX favorites_model ON ${table('favorites')} (model_id)`.execute(db);
  await s
    .createTable('favorite_view')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(24)', (c) => c.notNull())
    .addColumn('model_id', 'char(24)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`CREATE UNIQUE INDEX favorite_view_live ON ${table('favorite_view')} (user_id, model_id) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX favorite_view_user_created ON ${table('favorite_view')} (user_id, created_at, id) WHERE deleted_at IS NULL`.execute(db);
  // Team-scope model lists: every member sees the team's models, whoever wrote them.
  for (const [name, key] of Object.entries({ updated_at: sql`updated_at`, created_at: sql`created_at`, name: sql`lower(name)` })) {
    await sql`CREATE INDEX ${sql.id(`model_view_team_live_by_${name}`)}
      ON ${table('model_view')} (team_id, ${key}, id) WHERE deleted_at IS NULL AND team_id IS NOT NULL`.execute(db);
  }
}
