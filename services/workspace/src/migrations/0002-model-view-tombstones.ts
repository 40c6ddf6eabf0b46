import { Kysely } from 'kysely';
import { SCHEMA } from '../database.types';

/**
 * A deleted model stays in `model_view` as a tombstone (its last version, `deleted_at` set), so an older
 * event applied late by another instance of the service can never bring it back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.withSchema(SCHEMA).alterTable('model_view').addColumn('deleted_at', 'timestamptz').execute();
}
