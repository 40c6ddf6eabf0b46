import { Kysely, sql } from 'kysely';

/**
 * How far the journal has been pruned (ADR 0066, amended): the last position deleted, so a reader whose cursor is
 * before it is told that events after its cursor are gone, instead of silently skipping them. One row at most.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE integrations.journal_horizon (
    id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    pruned_through bigint NOT NULL,
    pruned_at timestamptz NOT NULL
  )`.execute(db);
}
