import { Kysely, sql } from 'kysely';
import { SCHEMA } from '../database.types';

/**
 * Access tokens (issue 21, ADR 0065): authentication state like `sessions` (no events, no projection). Only
 * the SHA-256 of a secret is kept. `team_id` is null for a personal token; a team token acts as `user_id`
 * (the owner who made it) while they own the team. A revoked token's row is deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const table = (name: string) => sql.id(SCHEMA, name);
  await sql`CREATE TABLE ${table('access_tokens')} (
    id char(24) PRIMARY KEY,
    token_hash text NOT NULL UNIQUE,
    hint text NOT NULL,
    user_id char(24) NOT NULL REFERENCES ${table('users')} (id) ON DELETE CASCADE,
    team_id char(24),
    name text NOT NULL,
    scopes text[] NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz,
    last_used_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX access_tokens_personal ON ${table('access_tokens')} (user_id, created_at) WHERE team_id IS NULL`.execute(db);
  await sql`CREATE INDEX access_tokens_team ON ${table('access_tokens')} (team_id, created_at) WHERE team_id IS NOT NULL`.execute(db);
}
