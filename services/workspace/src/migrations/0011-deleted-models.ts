import { Kysely, sql } from 'kysely';
import { SCHEMA } from '../database.types';

/**
 * "Recently deleted" (ADR 0048): a deleted model leaves `models` (every list, share and favorite already
 * treats it as gone) and waits here for 30 days with its last state and the shares and favorites it had,
 * so its owner can restore it. The prune job deletes rows past the window.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const table = (name: string) => sql.id(SCHEMA, name);
  await sql`CREATE TABLE ${table('deleted_models')} (
    id char(24) PRIMARY KEY,
    author_id char(24) NOT NULL,
    deleted_at timestamptz NOT NULL,
    model jsonb NOT NULL,
    shares jsonb NOT NULL DEFAULT '[]',
    favorites jsonb NOT NULL DEFAULT '[]'
  )`.execute(db);
  await sql`CREATE INDEX deleted_models_by_author ON ${table('deleted_models')} (author_id, deleted_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX deleted_models_by_time ON ${table('deleted_models')} (deleted_at)`.execute(db);
}
