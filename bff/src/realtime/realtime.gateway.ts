import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { WORKSPACE_STREAM, WorkspaceRpc } from '@kiln/contracts';
import { connectNats, nsName, nsSubject, readConfig } from '@kiln/service-kit';
import { NatsConnection } from 'nats';
import { Server, Socket } from 'socket.io';
import { tokenFrom } from '../auth/session';
// Every BFF instance hears about a signed-out session (SESSION_REVOKED) and drops that session's sockets.
import { SESSION_REVOKED, sessionRoom } from '../auth/session-events';
import { originAllowed } from '../http/origin';
import { ServiceClient } from '../services/service-client';
import { EventFeed, FeedStatus } from './event-feed';
import { userRoom } from './model-push';
import { SocketsPerUser } from './sockets-per-user';

/** setTimeout overflows above 2^31-1 ms (about 24.8 days); longer waits are done in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const SIGN_IN = 'Please sign in.';
const FOREIGN_ORIGIN = 'This origin may not open live connections.';

/** A refused handshake: the client's `connect_error` has this message, and `data` the error body. */
function refusal(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { data: { statusCode, message } });
}

/**
 * socket.io on the BFF's port. A socket is let in only from an allowed origin, with a valid session
 * (cookie or `auth: { token }`) and within the per-user limit; it joins its user's room and is dropped
 * when its session ends (sign-out on any instance, or expiry). The EventFeed reads the event stream and
 * this gateway emits each event to the rooms allowed to see it.
 */
@WebSocketGateway({ path: '/socket.io', transports: ['websocket', 'polling'] })
export class RealtimeGateway implements OnGatewayInit, OnApplicationShutdown {
  @WebSocketServer() server!: Server;
  private readonly logger = new Logger('realtime');
  private nats?: NatsConnection;
  private feed?: EventFeed;
  private readonly sockets = new SocketsPerUser(maxSocketsPerUser());

  constructor(private readonly services: ServiceClient) {}

  /** True while this instance reads the event stream: otherwise pushes are being missed. */
  get ready(): boolean {
    return this.status().liveUpdates;
  }

  status(): FeedStatus & { sockets: number } {
    const feed = this.feed?.status() ?? {
      nats: false,
      liveUpdates: false,
      unparsableEventsSkipped: 0,
      redeliveredEventsDropped: 0,
      staleEventsDropped: 0,
      feedRestarts: 0,
    };
    return { ...feed, sockets: this.server?.engine?.clientsCount ?? 0 };
  }

  afterInit(server: Server): void {
    server.use((socket: Socket, next) => {
      // A page on another site would otherwise connect with the victim's cookie and hear their pushes.
      if (!originAllowed(socket.handshake.headers)) return next(refusal(403, FOREIGN_ORIGIN));
      const token = (socket.handshake.auth as { token?: string })?.token ?? tokenFrom(socket.handshake.headers);
      if (!token) return next(refusal(401, SIGN_IN));
      this.services
        .call(WorkspaceRpc.resolveSession, { token })
        .then(({ user, expiresAt }) => {
          // The client left while we asked: socket.io drops it, nothing to count or schedule.
          if (socket.conn.readyState !== 'open') return next(refusal(410, 'The connection was closed.'));
          if (!this.sockets.tryOpen(user.id, socket)) {
            const limit = this.sockets.limit;
            return next(refusal(429, `Too many live connections for this account (at most ${limit}). Close other tabs and try again.`));
          }
          socket.data.userId = user.id;
          void socket.join([userRoom(user.id), sessionRoom(token)]);
          this.dropAtExpiry(socket, token, Date.parse(expiresAt));
          next();
        })
        .catch(() => next(refusal(401, SIGN_IN)));
    });
    void this.start();
  }

  /**
   * Disconnects the socket when its session expires. At that moment the session is asked for again, as it
   * may have been extended; if it no longer resolves (or the service cannot say), the socket goes.
   */
  private dropAtExpiry(socket: Socket, token: string, expiresAt: number): void {
    let timer: NodeJS.Timeout;
    const schedule = (at: number) => {
      timer = setTimeout(check, Math.min(Math.max(at - Date.now(), 0), MAX_TIMER_MS));
    };
    const check = () => {
      if (!socket.connected) return;
      if (Date.now() < expiresAt) return schedule(expiresAt); // a capped timer woke early
      this.services.call(WorkspaceRpc.resolveSession, { token }).then(
        (session) => {
          const renewed = Date.parse(session.expiresAt);
          // Clocks may differ a little: never check again sooner than a second from now.
          expiresAt = Math.max(renewed, Date.now() + 1000);
          schedule(expiresAt);
        },
        () => socket.disconnect(true),
      );
    };
    schedule(expiresAt);
    socket.once('disconnect', () => clearTimeout(timer));
    socket.conn.once('close', () => clearTimeout(timer));
  }

  private listenForRevokedSessions(nats: NatsConnection): void {
    nats.subscribe(nsSubject(SESSION_REVOKED), {
      callback: (error, message) => {
        if (error) return;
        const { room } = message.json<{ room: string }>();
        this.server.in(room).disconnectSockets(true);
      },
    });
  }

  private async start(): Promise<void> {
    this.nats = await connectNats(readConfig(), 'kiln-bff-realtime');
    this.listenForRevokedSessions(this.nats);
    this.feed = new EventFeed(
      this.nats,
      nsName(WORKSPACE_STREAM.name),
      (push) => this.server.to(push.rooms).emit(push.channel, push.message),
      // Events were lost before we read them: hang up, and every client refetches as it reconnects.
      () => this.server.disconnectSockets(true),
    );
    this.feed.start();
    this.logger.log(`live updates: at most ${this.sockets.limit} sockets per user on this instance`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.feed?.stop();
    await this.nats?.close().catch(() => undefined);
  }
}

/** `KILN_MAX_SOCKETS_PER_USER`, default 20. */
function maxSocketsPerUser(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.KILN_MAX_SOCKETS_PER_USER);
  return Number.isInteger(value) && value > 0 ? value : 20;
}
