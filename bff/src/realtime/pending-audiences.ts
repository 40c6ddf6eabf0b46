import { RoomChange } from '@kiln/service-kit/realtime';

/**
 * Closes the race between a socket's connect and a membership event in flight (ADR 0019).
 *
 * A socket joins its user room first, then asks the workspace for its teams and shares. An event that
 * this instance handles after the join reaches the socket through the user room; one that committed
 * before the question is in the answer (the workspace reads its state tables). What is left is an event
 * handled WHILE the question is out: the answer may predate it (a member just removed would be put back
 * into the team's rooms by it). So every room change for that user made meanwhile is kept and applied
 * again, in order, after the answer's rooms: changes are "set" operations (move to this role's room,
 * leave all of them), so replaying them ends in the state of the newest event whatever the answer held.
 *
 * Recording goes on until socket.io has connected the socket: before that, `server.in(room)` does not
 * reach it (only connected sockets are), so changes made in between are replayed once more then.
 */
export interface PendingAudience {
  /** The room changes recorded since the last take, oldest first. */
  take(): RoomChange[];
  /** Stops recording (safe to call more than once). */
  end(): void;
}

export class PendingAudiences {
  private readonly pending = new Map<string, Set<RoomChange[]>>();

  /** Starts keeping the user's room changes until `end()`. */
  begin(userId: string): PendingAudience {
    const log: RoomChange[] = [];
    const logs = this.pending.get(userId) ?? new Set();
    logs.add(log);
    this.pending.set(userId, logs);
    return {
      take: () => log.splice(0),
      end: () => {
        logs.delete(log);
        if (logs.size === 0 && this.pending.get(userId) === logs) this.pending.delete(userId);
      },
    };
  }

  record(change: RoomChange): void {
    for (const log of this.pending.get(change.userId) ?? []) log.push(change);
  }

  /** How many users have a socket between its question and its connection (0 when idle). */
  get size(): number {
    return this.pending.size;
  }
}
