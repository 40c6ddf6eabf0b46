import { User } from '@kiln/contracts';
import { createHash } from 'node:crypto';

export interface CachedSession {
  user: User;
  /** When the session ends (ms since epoch): the entry is never used at or after it. */
  expiresAt: number;
}

/** The key a session is known by outside the workspace: the SHA-256 of its token, as the database stores it. */
export const sessionKey = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Resolved sessions of one BFF instance, so most requests skip the NATS round trip to the workspace.
 * Bounded (least recently used entries go first), and an entry lives until the earlier of the session's
 * own end and a short safety-net TTL. Ended sessions are dropped by `drop` (see SessionResolver).
 */
export class SessionCache {
  // A Map iterates in insertion order: re-inserting on each hit keeps the least recently used first.
  private readonly entries = new Map<string, CachedSession & { staleAt: number }>();

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): CachedSession | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (now >= entry.expiresAt || now >= entry.staleAt) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { user: entry.user, expiresAt: entry.expiresAt };
  }

  set(key: string, session: CachedSession): void {
    if (session.expiresAt <= this.now()) return;
    this.entries.delete(key);
    this.entries.set(key, { ...session, staleAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  drop(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
