import { Kysely, sql } from 'kysely';
import { SCHEMA } from '../database.types';

/**
 * Publishing (ADR 0022): the product of each model as the commerce events tell it, kept by the publishing
 * reaction (it also sets `models.product_id` / `published_at`). Published (GET /api/workspace/publish/my)
 * lists the caller's models that have one, with its status. `version` is the product's stream version, so
 * a late or repeated event never wins.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .withSchema(SCHEMA)
    .createTable('model_products')
    .addColumn('product_id', 'char(24)', (c) => c.primaryKey())
    .addColumn('model_id', 'char(24)', (c) => c.notNull().unique())
    .addColumn('owner_id', 'char(24)', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('production_ready', 'boolean', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX model_products_owner ON ${sql.id(SCHEMA, 'model_products')} (owner_id)`.execute(db);
}
