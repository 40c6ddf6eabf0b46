import { Kysely, sql } from 'kysely';
import { SCHEMA } from '../database.types';

type CreateTable = ReturnType<Kysely<any>['schema']['createTable']>;

/** What textures and scenes share: scope, author, the community flags, tags and the files they use. */
function communityColumns(table: CreateTable): CreateTable {
  return (
    table
      .addColumn('id', 'char(24)', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('author_id', 'char(24)', (c) => c.notNull())
      .addColumn('team_id', 'char(24)')
      .addColumn('project_id', 'char(24)')
      .addColumn('public', 'boolean', (c) => c.notNull())
      .addColumn('published_at', 'timestamptz')
      .addColumn('tags', sql`text[]`, (c) => c.notNull())
      .addColumn('preview_id', 'char(24)')
      // What each used upload is ({id: {name, mimetype, size}}), and their ids for `GET /api/media/{id}`.
      .addColumn('files', 'jsonb', (c) => c.notNull())
      .addColumn('media_ids', sql`text[]`, (c) => c.notNull())
  );
}

const times = (table: CreateTable) =>
  table
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull());

const textureColumns = (table: CreateTable) =>
  times(
    communityColumns(table)
      // offset, repeat, center ({x, y}), rotation, width, height (spec 001 §3)
      .addColumn('mapping', 'jsonb', (c) => c.notNull())
      // the six map slots: {diffuseMap: id | null, ...}
      .addColumn('maps', 'jsonb', (c) => c.notNull()),
  );

const sceneColumns = (table: CreateTable) =>
  times(
    communityColumns(table)
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('env_map_id', 'char(24)', (c) => c.notNull())
      .addColumn('preview_geometry', 'text', (c) => c.notNull()),
  );

const associationColumns = (table: CreateTable) =>
  table
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('texture_id', 'char(24)', (c) => c.notNull())
    .addColumn('user_id', 'char(24)', (c) => c.notNull())
    .addColumn('team_id', 'char(24)')
    .addColumn('project_id', 'char(24)')
    // The library it is in: `user:<id>`, `team:<id>:` or `team:<id>:<projectId>` (one association of a texture per library).
    .addColumn('library', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull());

/**
 * Textures, texture associations and scenes (environment maps; spec 001 §3, ADR 0061): each a state table
 * and a read model the lists read (a deletion stays there as a tombstone).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema.withSchema(SCHEMA);
  const table = (name: string) => sql.id(SCHEMA, name);
  await textureColumns(s.createTable('textures')).execute();
  await textureColumns(s.createTable('texture_view')).addColumn('deleted_at', 'timestamptz').execute();
  await sceneColumns(s.createTable('environment_maps')).execute();
  await sceneColumns(s.createTable('environment_map_view')).addColumn('deleted_at', 'timestamptz').execute();
  await associationColumns(s.createTable('texture_associations'))
    .addUniqueConstraint('texture_associations_library_texture', ['library', 'texture_id'])
    .execute();
  await associationColumns(s.createTable('texture_association_view')).addColumn('deleted_at', 'timestamptz').execute();
  for (const view of ['texture_view', 'environment_map_view']) {
    const t = table(view);
    await sql`CREATE INDEX ${sql.id(`${view}_author`)} ON ${t} (author_id, updated_at, id) WHERE team_id IS NULL AND deleted_at IS NULL`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${view}_team`)} ON ${t} (team_id, project_id, updated_at, id) WHERE deleted_at IS NULL`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${view}_public`)} ON ${t} (published_at, id) WHERE public AND deleted_at IS NULL`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${view}_media`)} ON ${t} USING gin (media_ids) WHERE deleted_at IS NULL`.execute(db);
  }
  await sql`CREATE INDEX texture_association_view_library ON ${table('texture_association_view')} (library, created_at, id) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX texture_association_view_texture ON ${table('texture_association_view')} (texture_id) WHERE deleted_at IS NULL`.execute(db);
}
