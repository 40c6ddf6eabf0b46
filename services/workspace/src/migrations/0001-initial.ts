import { Kysely, sql } from 'kysely';
import { createPlumbingTables } from '@kiln/service-kit';
import { SCHEMA } from '../database.types';

function modelColumns(table: ReturnType<Kysely<any>['schema']['createTable']>) {
  return table
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('author_id', 'char(24)', (c) => c.notNull())
    .addColumn('contributor_id', 'char(24)')
    .addColumn('team_id', 'char(24)')
    .addColumn('project_id', 'char(24)')
    .addColumn('product_id', 'char(24)')
    .addColumn('published_at', 'timestamptz')
    .addColumn('shared_with_everyone', 'text', (c) => c.notNull().defaultTo('private'))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull());
}

export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema.withSchema(SCHEMA);
  await createPlumbingTables(db, SCHEMA);

  await s
    .createTable('users')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'char(24)', (c) => c.notNull().references(`${SCHEMA}.users.id`).onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s
    .createTable('login_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s.createIndex('login_failures_email_at').on('login_failures').columns(['email', 'at']).execute();

  await modelColumns(s.createTable('models')).execute();

  await modelColumns(s.createTable('model_view')).execute();
  // The list screens filter by owner and scope, then sort by one of three fields.
  for (const column of ['updated_at', 'created_at', 'name']) {
    await sql`CREATE INDEX ${sql.id(`model_view_author_${column}`)} ON ${sql.id(SCHEMA, 'model_view')} (author_id, team_id, ${sql.id(column)}, id)`.execute(db);
  }
  await s
    .createTable('user_view')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('avatar', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
