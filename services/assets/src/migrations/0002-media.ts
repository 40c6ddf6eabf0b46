import { Kysely, sql } from 'kysely';

/** Uploaded files (ADR 0033): one row per file in storage (`media/<id>`), owned by its uploader. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .withSchema('assets')
    .createTable('media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('repo', 'text', (c) => c.notNull())
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('mimetype', 'text', (c) => c.notNull())
    .addColumn('encoding', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX media_author ON assets.media (author_id, created_at DESC)`.execute(db);
}
