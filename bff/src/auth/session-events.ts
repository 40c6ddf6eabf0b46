import { sessionKey } from './session-cache';

/**
 * Published on NATS (namespaced) when a session ends, heard by every BFF instance: each drops the session
 * from its cache and disconnects its sockets. The payload names the session's socket room,
 * `session:<sha256 of the token>`, so the key is never the token itself.
 */
export const SESSION_REVOKED = 'bff.session.revoked';
export const sessionRoom = (token: string) => roomOfKey(sessionKey(token));
/** The room of a session or access token known by its key (an access token's revocation names it so, ADR 0065). */
export const roomOfKey = (key: string) => `session:${key}`;
/** The cache key in a revocation message, or null when the message is not one. */
export const revokedKey = (payload: unknown): string | null => {
  const room = (payload as { room?: unknown } | null)?.room;
  return typeof room === 'string' && room.startsWith('session:') ? room.slice('session:'.length) : null;
};
