import { Kysely } from 'kysely';
import { SCHEMA } from '../database.types';

/** Failed sign-ins also remember the client address, to limit one address trying many accounts. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .withSchema(SCHEMA)
    .alterTable('login_failures')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.withSchema(SCHEMA).createIndex('login_failures_ip_at').on('login_failures').columns(['ip', 'at']).execute();
}
