import { Kysely, sql } from 'kysely';

/**
 * What was derived from each media file (ADR 0053): the preview's status and sentence, which derived files
 * exist (`media/<id>.thumb.png`, `.view.glb`, `.safe.svg`), an image's pixels, a 3D object's size in mm, and
 * the claim of the instance processing it (the row is the job: pending until processed; a claim whose time
 * ran out is taken again). Files recorded before are `ready` with nothing derived.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .withSchema('assets')
    .alterTable('media')
    .addColumn('preview_status', 'text', (c) => c.notNull().defaultTo('ready'))
    .addColumn('preview_message', 'text')
    .addColumn('preview_thumbnail', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('preview_view', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('preview_svg', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('preview_width', 'double precision')
    .addColumn('preview_height', 'double precision')
    .addColumn('size3d_x', 'double precision')
    .addColumn('size3d_y', 'double precision')
    .addColumn('size3d_z', 'double precision')
    .addColumn('preview_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('preview_claimed_by', 'text')
    .addColumn('preview_claimed_until', 'timestamptz')
    .execute();
  await sql`ALTER TABLE assets.media ADD CONSTRAINT media_preview_status CHECK (preview_status IN ('pending', 'ready', 'failed'))`.execute(db);
  await sql`CREATE INDEX media_preview_pending ON assets.media (created_at) WHERE preview_status = 'pending'`.execute(db);
}
