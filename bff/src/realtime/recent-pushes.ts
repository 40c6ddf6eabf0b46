/** How long the time of a room's last push is kept: a page that took longer to open its socket is told to refetch anyway. */
export const RECENT_PUSHES_KEEP_MS = 10 * 60_000;

/**
 * When each room last had a push on this instance, for a while (ADR 0071). A push reaches only the sockets that are
 * connected when it is emitted: one emitted after a page read its lists but before its socket was in its rooms (the
 * socket's code loading, the handshake, the session and audience lookups) reaches nobody there. When the socket
 * connects, its rooms are checked against the time the page started: a push since then means the page may show
 * what is already gone, and it is told to fetch again.
 */
export class RecentPushes {
  private readonly lastPush = new Map<string, number>();
  private readonly startedAt: number;
  private prunedAt: number;

  constructor(
    private readonly keepMs = RECENT_PUSHES_KEEP_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
    this.prunedAt = this.startedAt;
  }

  /** A push to these rooms, now. */
  record(rooms: readonly string[]): void {
    const now = this.now();
    for (const room of rooms) this.lastPush.set(room, now);
    if (now - this.prunedAt >= this.keepMs) this.prune(now);
  }

  /**
   * Whether a push to one of `rooms` may have gone out at or after `since` (ms, this clock): yes when one did, and
   * also when `since` is further back than this instance knows (before it started, or older than it keeps).
   */
  pushedSince(rooms: Iterable<string>, since: number): boolean {
    if (since < Math.max(this.startedAt, this.now() - this.keepMs)) return true;
    for (const room of rooms) if ((this.lastPush.get(room) ?? -Infinity) >= since) return true;
    return false;
  }

  /** Rooms remembered (for tests and health). */
  get size(): number {
    return this.lastPush.size;
  }

  private prune(now: number): void {
    for (const [room, at] of this.lastPush) if (now - at > this.keepMs) this.lastPush.delete(room);
    this.prunedAt = now;
  }
}
