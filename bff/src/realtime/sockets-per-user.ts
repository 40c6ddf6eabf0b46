import { Socket } from 'socket.io';

/**
 * Counts each user's open sockets on this BFF instance and refuses those over the limit.
 *
 * Per instance, not cluster-wide: the limit is there to bound what one account can cost a process (memory,
 * fan-out per push, handshakes), and that cost is per process too. Behind a load balancer a user could
 * hold `limit × instances` sockets, which stays bounded; a shared count would cost a NATS or database
 * round trip on every connect and disconnect, and would leak counts when an instance dies.
 */
export class SocketsPerUser {
  private readonly open = new Map<string, number>();

  constructor(readonly limit: number) {}

  /**
   * Takes a place for this socket, or answers false when the user is at the limit. Checked and taken in
   * one synchronous step, so parallel handshakes cannot all slip under the limit.
   */
  tryOpen(userId: string, socket: Socket): boolean {
    const count = this.open.get(userId) ?? 0;
    if (count >= this.limit) return false;
    this.open.set(userId, count + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.open.get(userId) ?? 1) - 1;
      if (left > 0) this.open.set(userId, left);
      else this.open.delete(userId);
    };
    // 'disconnect' once connected; the transport's 'close' also covers a client gone mid-handshake
    // (socket.io then never connects the socket, so it never emits 'disconnect').
    socket.once('disconnect', release);
    socket.conn.once('close', release);
    return true;
  }
}
