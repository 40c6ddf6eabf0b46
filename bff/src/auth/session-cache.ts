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
 * own end and a short safety-net TTL. Ended sessions are dropped by `drop` (see SessionResolver). Access tokens
 * (ADR 0065) are kept in a second cache of the same kind, with their scopes.
 */
export class SessionCache<T extends CachedSession = CachedSession> {
  // A Map iterates in insertion order: re-inserting on each hit keeps the least recently used first.
  private readonly entries = new Map<string, { value: T; staleAt: number }>();

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (now >= entry.value.expiresAt || now >= entry.staleAt) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, session: T): void {
    if (session.expiresAt <= this.now()) return;
    this.entries.delete(key);
    this.entries.set(key, { value: session, staleAt: this.now() + this.ttlMs });
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
