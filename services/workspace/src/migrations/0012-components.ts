import { Kysely, sql } from 'kysely';
import { SCHEMA } from '../database.types';

function componentColumns(table: ReturnType<Kysely<any>['schema']['createTable']>) {
  return table
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('author_id', 'char(24)', (c) => c.notNull())
    .addColumn('contributor_id', 'char(24)')
    .addColumn('team_id', 'char(24)')
    .addColumn('project_id', 'char(24)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull());
}

/**
 * Components (spec 001 §3, ADR 0051): `components` is the state, `component_view` the read model the lists
 * read (a deletion stays there as a tombstone), and `component_usages` records which model uses which
 * component, so the used count is true and a used component cannot be deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema.withSchema(SCHEMA);
  const table = (name: string) => sql.id(SCHEMA, name);
  await componentColumns(s.createTable('components')).execute();
  await componentColumns(s.createTable('component_view')).addColumn('deleted_at', 'timestamptz').execute();
  // The lists: one author's personal components, or one team's (optionally one project's), in one of three orders.
  for (const column of ['updated_at', 'created_at', 'name']) {
    const byAuthor = sql.id(`component_view_author_${column}`);
    const byTeam = sql.id(`component_view_team_${column}`);
    const col = sql.id(column);
    await sql`CREATE INDEX ${byAuthor} ON ${table('component_view')} (author_id, ${col}, id) WHERE team_id IS NULL AND deleted_at IS NULL`.execute(db);
    await sql`CREATE INDEX ${byTeam} ON ${table('component_view')} (team_id, project_id, ${col}, id) WHERE deleted_at IS NULL`.execute(db);
  }
  await s
    .createTable('component_usages')
    .addColumn('component_id', 'char(24)', (c) => c.notNull())
    .addColumn('model_id', 'char(24)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('component_usages_pk', ['component_id', 'model_id'])
    .execute();
  await s.createIndex('component_usages_by_model').on('component_usages').column('model_id').execute();
}
