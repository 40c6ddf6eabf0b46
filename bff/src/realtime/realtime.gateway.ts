import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { AUTH_MESSAGES, COMMERCE_STREAM, PLUGIN_REGISTRY_STREAM, REALTIME_CATCH_UP, REALTIME_PAGE_AGE, WORKSPACE_STREAM, WorkspaceRpc } from '@kiln/contracts';
import { connectNats, nsName, nsSubject, readConfig } from '@kiln/service-kit';
import { NatsConnection } from 'nats';
import { Server, Socket } from 'socket.io';
import { tokenFrom } from '../auth/session';
// Every BFF instance hears about a signed-out session (SESSION_REVOKED) and drops that session's sockets.
import { SESSION_REVOKED, sessionRoom } from '../auth/session-events';
import { originAllowed } from '../http/origin';
import { socketIoHeaders } from '../http/security-headers';
import { ServiceClient } from '../services/service-client';
import { EventFeed, FeedStatus } from './event-feed';
import { PendingAudiences } from './pending-audiences';
import { RecentPushes } from './recent-pushes';
import { audienceRooms, PushPlan, RoomChange, userRoom } from '@kiln/service-kit/realtime';
import { SocketsPerUser } from './sockets-per-user';

/** Applies room changes to one socket, in order. */
function replay(socket: Socket, changes: RoomChange[]): void {
  for (const change of changes) {
    for (const room of change.leave) void socket.leave(room);
    void socket.join(change.join);
  }
}

/** setTimeout overflows above 2^31-1 ms (about 24.8 days); longer waits are done in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * How much earlier than the page's own age a connecting page may have read what it shows, by this clock: its
 * requests and its handshake took different times to arrive (ADR 0071).
 */
const CATCH_UP_MARGIN_MS = 1000;

/**
 * From when (this clock) a connecting page may have missed pushes: a little before it started, by the age it sent
 * (REALTIME_PAGE_AGE). None when it sent none: a reconnection (the page fetches everything again itself) or
 * another client.
 */
function catchUpSince(auth: unknown, now: number): number | undefined {
  const age = (auth as Record<string, unknown> | undefined)?.[REALTIME_PAGE_AGE];
  return typeof age === 'number' && Number.isFinite(age) && age >= 0 ? now - age - CATCH_UP_MARGIN_MS : undefined;
}

const SIGN_IN = AUTH_MESSAGES.notSignedIn;
const GONE = 'The connection was closed.';
const FOREIGN_ORIGIN = 'This origin may not open live connections.';

/** A refused handshake: the client's `connect_error` has this message, and `data` the error body. */
function refusal(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { data: { statusCode, message } });
}

/**
 * socket.io on the BFF's port. A socket is let in only from an allowed origin, with a valid session
 * (cookie or `auth: { token }`) and within the per-user limit; it joins its user's room, then the rooms of
 * its teams and shared models (ADR 0019), and is dropped when its session ends (sign-out on any instance,
 * or expiry). The EventFeed reads the event stream and this gateway carries out each event's plan: room
 * changes for the people whose memberships changed, and emits to the rooms allowed to see it. A page whose socket
 * connects after a push to its rooms since it started is told to fetch again (RecentPushes, ADR 0071).
 */
// serveClient off: the web app bundles socket.io-client, so /socket.io/socket.io.js is no file of ours to serve.
@WebSocketGateway({ path: '/socket.io', transports: ['websocket', 'polling'], serveClient: false })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnApplicationShutdown {
  @WebSocketServer() server!: Server;
  private readonly logger = new Logger('realtime');
  private nats?: NatsConnection;
  private feed?: EventFeed;
  /** The commerce stream: business records' pushes (business-pushes.ts); its product events are skipped. */
  private businessFeed?: EventFeed;
  /** The plugin-registry stream: versions, pipeline steps and logs to the plugin's author (plugin-pushes.ts). */
  private pluginFeed?: EventFeed;
  private readonly sockets = new SocketsPerUser(maxSocketsPerUser());
  private readonly pendingAudiences = new PendingAudiences();
  private readonly recentPushes = new RecentPushes();

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
    // Readiness follows the workspace feed; the business and plugin feeds' counters are added in (each
    // waits quietly for its stream when that service has not started yet).
    for (const other of [this.businessFeed?.status(), this.pluginFeed?.status()]) {
      if (!other) continue;
      feed.unparsableEventsSkipped += other.unparsableEventsSkipped;
      feed.redeliveredEventsDropped += other.redeliveredEventsDropped;
      feed.staleEventsDropped += other.staleEventsDropped;
      feed.feedRestarts += other.feedRestarts;
    }
    return { ...feed, sockets: this.server?.engine?.clientsCount ?? 0 };
  }

  afterInit(server: Server): void {
    // socket.io answers HTTP itself (handshake, long-polling, its 400s), past express: the same headers here.
    server.engine.use(socketIoHeaders);
    server.use((socket: Socket, next) => {
      this.admit(socket).then(
        () => next(),
        (error: Error) => next(error),
      );
    });
    void this.start();
  }

  /** Lets a socket in, or throws the refusal its client sees as `connect_error`. */
  private async admit(socket: Socket): Promise<void> {
    socket.data.catchUpSince = catchUpSince(socket.handshake.auth, Date.now());
    // A page on another site would otherwise connect with the victim's cookie and hear their pushes.
    if (!originAllowed(socket.handshake.headers)) throw refusal(403, FOREIGN_ORIGIN);
    const token = (socket.handshake.auth as { token?: string })?.token ?? tokenFrom(socket.handshake.headers);
    if (!token) throw refusal(401, SIGN_IN);
    const { user, expiresAt } = await this.services.call(WorkspaceRpc.resolveSession, { token }).catch(() => {
      throw refusal(401, SIGN_IN);
    });
    // The client left while we asked: socket.io drops it, nothing to count or schedule.
    if (socket.conn.readyState !== 'open') throw refusal(410, GONE);
    if (!this.sockets.tryOpen(user.id, socket)) {
      throw refusal(429, `Too many live connections for this account (at most ${this.sockets.limit}). Close other tabs and try again.`);
    }
    socket.data.userId = user.id;
    void socket.join([userRoom(user.id), sessionRoom(token)]);
    try {
      await this.joinAudience(socket, user.id);
    } catch (error) {
      // Let it connect, then hang up (handleConnection): clients come back after a server hang-up by
      // themselves, while a refused handshake would leave the tab without live updates until a reload.
      this.logger.warn(`could not ask the workspace which rooms user ${user.id} joins: ${(error as Error).message}; hanging up`);
      socket.data.hangUp = true;
      return;
    }
    if (socket.conn.readyState !== 'open') throw refusal(410, GONE);
    this.dropAtExpiry(socket, token, Date.parse(expiresAt));
  }

  /**
   * Joins the socket to its teams' and shared models' rooms. Asked after the user room is joined; the room
   * changes made for this user while the question is out, and until the socket is connected, are applied
   * again after the answer, so a membership event in flight is neither lost nor undone by an older answer
   * (PendingAudiences, ADR 0019).
   */
  private async joinAudience(socket: Socket, userId: string): Promise<void> {
    const pending = this.pendingAudiences.begin(userId);
    try {
      const audience = await this.services.call(WorkspaceRpc.pushAudience, { actor: { userId }, body: {} });
      void socket.join(audienceRooms(audience));
      replay(socket, pending.take());
    } catch (error) {
      pending.end();
      throw error;
    }
    socket.data.audienceSettled = () => {
      replay(socket, pending.take());
      pending.end();
    };
    // Refused or gone before it connected: stop recording all the same.
    socket.conn.once('close', () => pending.end());
  }

  /** socket.io has connected the socket: from now on room changes reach it directly. */
  handleConnection(socket: Socket): void {
    if (socket.data.hangUp) return void socket.disconnect(true);
    (socket.data.audienceSettled as (() => void) | undefined)?.();
    delete socket.data.audienceSettled;
    // In all its rooms now, so every push from here on reaches it; one since its page started may not have.
    const since = socket.data.catchUpSince as number | undefined;
    if (since !== undefined && this.recentPushes.pushedSince(socket.rooms, since)) socket.emit(REALTIME_CATCH_UP);
  }

  /** Carries out one event's plan, in order: room changes on this instance's sockets, then emits. */
  private apply(plan: PushPlan): void {
    for (const step of plan.steps) {
      if (step.kind === 'rooms') {
        this.pendingAudiences.record(step);
        const sockets = this.server.in(userRoom(step.userId));
        if (step.leave.length) sockets.socketsLeave(step.leave);
        if (step.join.length) sockets.socketsJoin(step.join);
      } else {
        this.recentPushes.record(step.to);
        const target = this.server.to(step.to);
        (step.except.length ? target.except(step.except) : target).emit(step.channel, step.message);
      }
    }
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
      (plan) => this.apply(plan),
      // Events were lost before we read them: hang up, and every client refetches as it reconnects.
      () => this.server.disconnectSockets(true),
    );
    this.feed.start();
    this.businessFeed = new EventFeed(
      this.nats,
      nsName(COMMERCE_STREAM.name),
      (plan) => this.apply(plan),
      () => this.server.disconnectSockets(true),
    );
    this.businessFeed.start();
    this.pluginFeed = new EventFeed(
      this.nats,
      nsName(PLUGIN_REGISTRY_STREAM.name),
      (plan) => this.apply(plan),
      () => this.server.disconnectSockets(true),
    );
    this.pluginFeed.start();
    this.logger.log(`live updates: at most ${this.sockets.limit} sockets per user on this instance`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.feed?.stop();
    await this.businessFeed?.stop();
    await this.pluginFeed?.stop();
    await this.nats?.close().catch(() => undefined);
  }
}

/** `KILN_MAX_SOCKETS_PER_USER`, default 20. */
function maxSocketsPerUser(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.KILN_MAX_SOCKETS_PER_USER);
  return Number.isInteger(value) && value > 0 ? value : 20;
}
