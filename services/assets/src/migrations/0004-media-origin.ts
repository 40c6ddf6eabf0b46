import { Kysely, sql } from 'kysely';

/**
 * Where a media file came from (spec 001 §3 Media.origin; ADR 0055): `upload` (a person's file) or `google`
 * (a font the BFF fetched from the public fonts service, exempt from the 3 MB font limit, spec 001 §5).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .withSchema('assets')
    .alterTable('media')
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('upload'))
    .execute();
  await sql`ALTER TABLE assets.media ADD CONSTRAINT media_origin CHECK (origin IN ('upload', 'google'))`.execute(db);
}
