import { AccessToken, TokenScope } from '@kiln/contracts';
import { normalizeScopes } from '@kiln/domain';
import { StoredAccessToken } from '../ports/access-token.repository.port';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The row of `access_tokens` as the port's shape. */
export function storedFromRow(row: {
  id: string;
  token_hash: string;
  hint: string;
  user_id: string;
  team_id: string | null;
  name: string;
  scopes: string[];
  created_at: Date | string;
  expires_at: Date | string | null;
  last_used_at: Date | string | null;
}): StoredAccessToken {
  return {
    id: row.id,
    tokenHash: row.token_hash,
    hint: row.hint,
    userId: row.user_id,
    teamId: row.team_id,
    name: row.name,
    scopes: row.scopes,
    createdAt: new Date(row.created_at),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
  };
}

/** A stored token as the API shows it (never the hash). */
export function presentAccessToken(token: StoredAccessToken): AccessToken {
  return {
    id: token.id,
    name: token.name,
    scopes: normalizeScopes(token.scopes) as TokenScope[],
    teamId: token.teamId,
    createdBy: token.userId,
    createdAt: token.createdAt.toISOString(),
    expiresAt: iso(token.expiresAt),
    lastUsedAt: iso(token.lastUsedAt),
    hint: token.hint,
  };
}
