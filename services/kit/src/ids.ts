import { randomBytes } from 'node:crypto';

/**
 * A new 24-hex-character id: 4 bytes of seconds since the epoch, then 8 random bytes.
 * Roughly time-ordered like a MongoDB ObjectId, which the spec's URLs expect (docs/adr/0004-ids.md).
 */
export function newId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}
