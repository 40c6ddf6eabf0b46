import { Kysely, sql } from 'kysely';

/**
 * Catalog items by model, for following the workspace's model renames and deletions (ADR 0027): every
 * model event looks up the live items of its model. Without this index that lookup scanned every event
 * of the store, once per model event (measured: it cost pushes at 100 renames/s).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX events_catalog_item_model
    ON commerce.events ((data->'changes'->'modelId'->>'to')) WHERE stream_type = 'catalog-item' AND version = 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS commerce.events_catalog_item_model`.execute(db);
}
