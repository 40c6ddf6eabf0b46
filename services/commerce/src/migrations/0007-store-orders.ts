import { Kysely, sql } from 'kysely';

const SCHEMA = 'commerce';

/**
 * Orders from outside stores (ADR 0060):
 * - `store_connections`: a seller's connection to a Shopify, WooCommerce or Magento store, in a scope like a
 *   business record's (personal, a team's, a project's). `secret_sealed` is the platform's signing secret (or, for
 *   Adobe Commerce, its public key) encrypted with AES-256-GCM under `KILN_SECRETS_KEY` (HMAC verification needs
 *   the secret itself, so it cannot be hashed). A removed connection keeps its row (`removed_at`): its endpoint
 *   refuses everything and the orders it made keep their origin.
 * - `store_sku_mappings`: the store's SKU → a catalog item of the connection's scope.
 * - `store_order_lines`: every line of every store order received, under `(connection_id, line_key)` (the store's
 *   order id and line id): that unique key is what makes a repeated delivery change nothing, race-safe. A line
 *   whose SKU had no mapping is kept as `needsMapping` with what it needs to become an order later; an
 *   `ordered` line names the order it made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema.withSchema(SCHEMA);
  await s
    .createTable('store_connections')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('shop_url', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'char(24)', (c) => c.notNull())
    .addColumn('team_id', 'char(24)')
    .addColumn('project_id', 'char(24)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('removed_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX store_connections_owner ON commerce.store_connections (owner_id, created_at DESC)
    WHERE team_id IS NULL AND removed_at IS NULL`.execute(db);
  await sql`CREATE INDEX store_connections_team ON commerce.store_connections (team_id, project_id, created_at DESC)
    WHERE team_id IS NOT NULL AND removed_at IS NULL`.execute(db);

  await s
    .createTable('store_sku_mappings')
    .addColumn('connection_id', 'char(24)', (c) => c.notNull().references('store_connections.id').onDelete('cascade'))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('catalog_item_id', 'char(24)', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_sku_mappings_pkey', ['connection_id', 'sku'])
    .execute();

  await s
    .createTable('store_order_lines')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('connection_id', 'char(24)', (c) => c.notNull().references('store_connections.id').onDelete('cascade'))
    .addColumn('line_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('needsMapping', 'ordered')`))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('line', 'jsonb', (c) => c.notNull())
    .addColumn('order_id', 'char(24)')
    .addColumn('delivery_id', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('store_order_lines_line_key', ['connection_id', 'line_key'])
    .execute();
  await sql`CREATE INDEX store_order_lines_waiting ON commerce.store_order_lines (connection_id, received_at DESC, id DESC)
    WHERE status = 'needsMapping'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS commerce.store_order_lines, commerce.store_sku_mappings, commerce.store_connections`.execute(db);
}
