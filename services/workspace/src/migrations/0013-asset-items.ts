import { Kysely, sql } from 'kysely';
import { SCHEMA } from '../database.types';

function assetItemColumns(table: ReturnType<Kysely<any>['schema']['createTable']>) {
  return (
    table
      .addColumn('id', 'char(24)', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('media_id', 'char(24)', (c) => c.notNull())
      .addColumn('media_name', 'text', (c) => c.notNull())
      .addColumn('media_mimetype', 'text', (c) => c.notNull())
      .addColumn('media_size', 'bigint', (c) => c.notNull())
      .addColumn('author_id', 'char(24)', (c) => c.notNull())
      .addColumn('team_id', 'char(24)')
      .addColumn('project_id', 'char(24)')
      // The media's preview as the assets service last said it (ADR 0053): status, files made, sizes.
      .addColumn('preview', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
  );
}

/**
 * Images, vector graphics and 3D objects (spec 001 §3, ADR 0052): `asset_items` is the state (a media is
 * in one item at most: unique), `asset_item_view` the read model the lists read (a deletion stays there as
 * a tombstone).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema.withSchema(SCHEMA);
  const table = (name: string) => sql.id(SCHEMA, name);
  await assetItemColumns(s.createTable('asset_items')).addUniqueConstraint('asset_items_media_unique', ['media_id']).execute();
  await assetItemColumns(s.createTable('asset_item_view')).addColumn('deleted_at', 'timestamptz').execute();
  // The lists: one author's personal items of a kind, or one team's (optionally one project's), in one of three orders.
  for (const column of ['updated_at', 'created_at', 'name']) {
    const byAuthor = sql.id(`asset_item_view_author_${column}`);
    const byTeam = sql.id(`asset_item_view_team_${column}`);
    const col = sql.id(column);
    await sql`CREATE INDEX ${byAuthor} ON ${table('asset_item_view')} (author_id, kind, ${col}, id) WHERE team_id IS NULL AND deleted_at IS NULL`.execute(db);
    await sql`CREATE INDEX ${byTeam} ON ${table('asset_item_view')} (team_id, kind, project_id, ${col}, id) WHERE deleted_at IS NULL`.execute(db);
  }
}
