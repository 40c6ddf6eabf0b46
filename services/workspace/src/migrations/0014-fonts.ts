import { Kysely, sql } from 'kysely';
import { SCHEMA } from '../database.types';

function fontColumns(table: ReturnType<Kysely<any>['schema']['createTable']>) {
  return table
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('style', 'text', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('italic', 'boolean', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('variants', sql`text[]`, (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('style_slug', 'text', (c) => c.notNull())
    .addColumn('hidden', 'boolean', (c) => c.notNull())
    .addColumn('author_id', 'char(24)')
    .addColumn('team_id', 'char(24)')
    .addColumn('project_id', 'char(24)')
    .addColumn('media_id', 'char(24)', (c) => c.notNull())
    .addColumn('media', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull());
}

/**
 * Fonts (spec 001 §3, ADR 0055): `fonts` is the state, `font_view` the read model the lists read (a
 * deletion stays there as a tombstone). `author_id` is null for a system font.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema.withSchema(SCHEMA);
  const table = (name: string) => sql.id(SCHEMA, name);
  await fontColumns(s.createTable('fonts')).execute();
  await fontColumns(s.createTable('font_view')).addColumn('deleted_at', 'timestamptz').execute();
  // The lists: one author's personal fonts, or one team's (optionally one project's), by family.
  await sql`CREATE INDEX font_view_author_slug ON ${table('font_view')} (author_id, slug) WHERE team_id IS NULL AND deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX font_view_team_slug ON ${table('font_view')} (team_id, project_id, slug) WHERE deleted_at IS NULL`.execute(db);
}
