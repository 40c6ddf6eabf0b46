import { PERSONAL_TOKEN_PREFIX, TEAM_TOKEN_PREFIX } from '@kiln/contracts';
import { createHash, randomBytes } from 'node:crypto';

/** A new secret: the prefix (personal or team) and 32 random bytes (256 bits) in base64url. */
export function newAccessTokenSecret(team: boolean): { secret: string; hint: string } {
  const prefix = team ? TEAM_TOKEN_PREFIX : PERSONAL_TOKEN_PREFIX;
  const secret = `${prefix}${randomBytes(32).toString('base64url')}`;
  return { secret, hint: secret.slice(0, prefix.length + 4) };
}

/** Only this is stored: the SHA-256 of the secret (as for sessions; the BFF's cache knows a token by the same key). */
export const hashAccessTokenSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
