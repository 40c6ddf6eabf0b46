import { Kysely, sql } from 'kysely';

const SCHEMA = 'commerce';

/**
 * The event store and products (ADR 0022). `events` is append-only and the truth: one row per fact,
 * `UNIQUE(stream_id, version)` is the optimistic concurrency check (two writers appending the same version:
 * one commits, the other fails). `product_models` claims one product per model in the same transaction.
 * `product_view` is the read model, projected from COMMERCE_EVENTS and rebuildable from `events`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema.withSchema(SCHEMA);
  const table = (name: string) => sql.id(SCHEMA, name);

  await s
    .createTable('events')
    .addColumn('position', 'bigserial', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    .addColumn('stream_type', 'text', (c) => c.notNull())
    .addColumn('stream_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('correlation_id', 'text')
    .addColumn('causation_id', 'text')
    .addUniqueConstraint('events_stream_version', ['stream_id', 'version'])
    .execute();
  // Rebuilding one kind of read model reads one kind of stream, in order.
  await sql`CREATE INDEX events_stream_type ON ${table('events')} (stream_type, position)`.execute(db);

  await s
    .createTable('product_models')
    .addColumn('model_id', 'char(24)', (c) => c.primaryKey())
    .addColumn('product_id', 'char(24)', (c) => c.notNull().unique())
    .execute();

  await s
    .createTable('product_view')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('model_id', 'char(24)', (c) => c.notNull())
    .addColumn('owner_id', 'char(24)', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('production_ready', 'boolean', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('rejection_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  // The marketplace (newest published first) and the moderation queue (oldest first): small partial indexes.
  await sql`CREATE INDEX product_view_market ON ${table('product_view')} (published_at DESC, id DESC) WHERE status = 'published' AND production_ready`.execute(
    db,
  );
  await sql`CREATE INDEX product_view_queue ON ${table('product_view')} (submitted_at, id) WHERE status = 'non moderated'`.execute(db);
  await sql`CREATE INDEX product_view_owner ON ${table('product_view')} (owner_id)`.execute(db);
}
