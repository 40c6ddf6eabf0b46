import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { AnyEventEnvelope, WORKSPACE_STREAM, WorkspaceRpc } from '@kiln/contracts';
import { connectNats, nsName, nsSubject, readConfig } from '@kiln/service-kit';
import { createHash } from 'node:crypto';
import { ConsumerMessages, DeliverPolicy, NatsConnection } from 'nats';
import { Server, Socket } from 'socket.io';
import { tokenFrom } from '../auth/session';
import { ServiceClient } from '../services/service-client';
import { modelPush, userRoom } from './model-push';

/** Every BFF instance hears about a signed-out session and drops that session's sockets. */
const SESSION_REVOKED = 'bff.session.revoked';
const sessionRoom = (token: string) => `session:${createHash('sha256').update(token).digest('hex')}`;

/**
 * socket.io on the BFF's port. A socket is let in only with a valid session (cookie or
 * `auth: { token }`) and joins its user's room. Each BFF instance reads the event stream itself
 * (an ordered consumer from "now") and emits each event to the rooms allowed to see it.
 */
@WebSocketGateway({ path: '/socket.io', transports: ['websocket', 'polling'] })
export class RealtimeGateway implements OnGatewayInit, OnApplicationShutdown {
  @WebSocketServer() server!: Server;
  private readonly logger = new Logger('realtime');
  private nats?: NatsConnection;
  private messages?: ConsumerMessages;
  /** True once this instance reads the event stream: until then pushes could be missed. */
  ready = false;

  constructor(private readonly services: ServiceClient) {}

  afterInit(server: Server): void {
    server.use((socket: Socket, next) => {
      const token = (socket.handshake.auth as { token?: string })?.token ?? tokenFrom(socket.handshake.headers);
      if (!token) return next(new Error('Please sign in.'));
      this.services
        .call(WorkspaceRpc.resolveSession, { token })
        .then(({ user }) => {
          socket.data.userId = user.id;
          void socket.join([userRoom(user.id), sessionRoom(token)]);
          next();
        })
        .catch(() => next(new Error('Please sign in.')));
    });
    void this.consume();
  }

  /** Ends the live connections of a session that signed out, on every BFF instance. */
  revokeSession(token: string): void {
    this.nats?.publish(nsSubject(SESSION_REVOKED), JSON.stringify({ room: sessionRoom(token) }));
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

  private async consume(): Promise<void> {
    const config = readConfig();
    this.nats = await connectNats(config.natsUrl, 'kiln-bff-realtime');
    this.listenForRevokedSessions(this.nats);
    const js = this.nats.jetstream();
    const stream = nsName(WORKSPACE_STREAM.name);
    // The stream may not exist yet when the BFF starts before the workspace service.
    for (;;) {
      try {
        await (await this.nats.jetstreamManager()).streams.info(stream);
        break;
      } catch {
        if (this.nats.isClosed()) return;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    const consumer = await js.consumers.get(stream, { deliver_policy: DeliverPolicy.New });
    this.messages = await consumer.consume();
    this.ready = true;
    for await (const message of this.messages) {
      try {
        const push = modelPush(message.json<AnyEventEnvelope>());
        if (push) this.server.to(push.rooms).emit(push.channel, push.message);
      } catch (error) {
        this.logger.error(`could not push ${message.subject}: ${(error as Error).message}`);
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.messages?.close().catch(() => undefined);
    await this.nats?.close().catch(() => undefined);
  }
}
