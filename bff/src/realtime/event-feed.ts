import { Logger } from '@nestjs/common';
import { ConsumerEvents, ConsumerMessages, ConsumerStatus, Events, NatsConnection, StreamState } from 'nats';
import { parseEvent, PushPlan, routeEvent } from '@kiln/service-kit/realtime';
import { PushFilter } from './push-filter';

/** How long the stream may stay silent (no message, no heartbeat) before the consumer counts as lost. */
const IDLE_HEARTBEAT_MS = 2_500;
/** Pause between attempts to (re)create the consumer while something is down. */
const RETRY_MS = 1_000;

export interface FeedStatus {
  /** The BFF's own NATS connection is up. */
  nats: boolean;
  /** The consumer reads the stream: pushes are flowing (or would, if events came). */
  liveUpdates: boolean;
  unparsableEventsSkipped: number;
  redeliveredEventsDropped: number;
  staleEventsDropped: number;
  /** How often the consumer had to be recreated after an outage or a stall. */
  feedRestarts: number;
}

/**
 * Reads one event stream and hands the plan of each event that may reach browsers (its room changes and
 * emits, see route-event.ts) to `push`, for as long as the
 * process lives. Each BFF instance has its own ordered (ephemeral) consumer: pushes are ephemeral and
 * clients refetch after a reconnect, so nothing is acknowledged or stored.
 *
 * It survives NATS outages of any length: the connection reconnects forever, and this feed recreates its
 * consumer whenever it may have been lost (NATS reconnected, heartbeats missed, the consumer or stream
 * vanished, the iterator ended), resuming after the last stream sequence it saw, so events published
 * meanwhile still arrive. Only when the stream itself lost them (recreated, or trimmed by retention) does
 * it start from what is new and call `gap`, so clients refetch.
 *
 * Every message is parsed with the contracts; one that does not parse is logged, counted and skipped.
 * Redelivered and stale events are dropped by the PushFilter (room changes included: a newer event already
 * set the rooms).
 */
export class EventFeed {
  private readonly logger = new Logger('event-feed');
  private readonly filter = new PushFilter();
  private messages?: ConsumerMessages;
  private stopped = false;
  private connected = true;
  private live = false;
  /** The stream sequence of the last message read (or the stream's end when first started). */
  private lastSeq?: number;
  private wake?: () => void;
  private lastWarning?: string;
  private consumersCreated = 0;
  private readonly counts = { unparsable: 0, redelivered: 0, stale: 0, restarts: 0 };

  constructor(
    private readonly nats: NatsConnection,
    private readonly stream: string,
    private readonly push: (plan: PushPlan) => void,
    private readonly gap: () => void,
  ) {}

  start(): void {
    void this.watchConnection();
    void this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.messages?.close().catch(() => undefined);
  }

  status(): FeedStatus {
    return {
      nats: this.connected && !this.nats.isClosed(),
      liveUpdates: this.live && this.connected,
      unparsableEventsSkipped: this.counts.unparsable,
      redeliveredEventsDropped: this.counts.redelivered,
      staleEventsDropped: this.counts.stale,
      feedRestarts: this.counts.restarts,
    };
  }

  private handle(data: string, subject: string, seq: number): void {
    const parsed = parseEvent(data);
    if (parsed.kind === 'unparsable') {
      this.counts.unparsable += 1;
      this.logger.warn(`skipped unparsable event #${seq} on ${subject}: ${parsed.reason}`);
      return;
    }
    if (parsed.kind === 'unknown-type') return;
    const plan = routeEvent(parsed.event);
    if (!plan) return;
    // One verdict per event: its room changes and emits are carried out together, or not at all.
    const verdict = this.filter.judge(plan.order);
    if (verdict === 'push') this.push(plan);
    else if (verdict === 'redelivered') this.counts.redelivered += 1;
    else this.counts.stale += 1;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.consumeOnce();
      } catch (error) {
        // Said once per kind of trouble, not every second of an outage.
        const message = (error as Error).message;
        const warning = message.includes('stream not found')
          ? `waiting for stream ${this.stream} (its service creates it)`
          : `event feed interrupted: ${message}`;
        if (!this.stopped && warning !== this.lastWarning) this.logger.warn(warning);
        this.lastWarning = warning;
      }
      this.live = false;
      if (this.stopped || this.nats.isClosed()) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, RETRY_MS);
      });
    }
  }

  /** One consumer's life: created where the last one stopped, read until it ends or is found lost. */
  private async consumeOnce(): Promise<void> {
    const jsm = await this.nats.jetstreamManager();
    const { state } = await jsm.streams.info(this.stream);
    const start = this.resumeFrom(state);
    const consumer = await this.nats.jetstream().consumers.get(this.stream, { opt_start_seq: start });
    const messages = await consumer.consume({ max_messages: 100, expires: 2 * IDLE_HEARTBEAT_MS, idle_heartbeat: IDLE_HEARTBEAT_MS });
    this.messages = messages;
    if (this.stopped) return void (await messages.close());
    void this.watchConsumer(messages);
    this.live = true;
    this.lastWarning = undefined;
    if (this.consumersCreated++ > 0) {
      this.counts.restarts += 1;
      this.logger.log(`event feed recreated: reading ${this.stream} from #${start}`);
    }
    for await (const message of messages) {
      this.lastSeq = message.info.streamSequence;
      this.live = true;
      try {
        this.handle(message.string(), message.subject, message.info.streamSequence);
      } catch (error) {
        this.logger.error(`could not push event #${message.info.streamSequence} on ${message.subject}: ${(error as Error).message}`);
      }
    }
  }

  /** The stream sequence to start at: after the last one seen, unless the stream no longer has it. */
  private resumeFrom(state: StreamState): number {
    if (this.lastSeq === undefined) {
      // First start: from now on.
      this.lastSeq = state.last_seq;
      return state.last_seq + 1;
    }
    if (state.last_seq < this.lastSeq) {
      this.logger.warn(`stream ${this.stream} was reset (now ends at ${state.last_seq}, we had read ${this.lastSeq}); clients will refetch`);
      this.lastSeq = state.last_seq;
      this.gap();
      return state.last_seq + 1;
    }
    if (state.first_seq > this.lastSeq + 1 && state.messages > 0) {
      this.logger.warn(`stream ${this.stream} dropped events ${this.lastSeq + 1}-${state.first_seq - 1} before we read them; clients will refetch`);
      this.gap();
      return state.first_seq;
    }
    return this.lastSeq + 1;
  }

  /** Ends the consumer when the server says it is lost, so run() recreates it where it stopped. */
  private async watchConsumer(messages: ConsumerMessages): Promise<void> {
    const lost: string[] = [
      ConsumerEvents.HeartbeatsMissed,
      ConsumerEvents.ConsumerDeleted,
      ConsumerEvents.ConsumerNotFound,
      ConsumerEvents.StreamNotFound,
      ConsumerEvents.NoResponders,
    ];
    for await (const status of (await messages.status()) as AsyncIterable<ConsumerStatus>) {
      if (lost.includes(status.type)) {
        this.live = false;
        this.logger.warn(`event feed lost its consumer (${status.type}); recreating it`);
        messages.stop();
        return;
      }
    }
  }

  /** Tracks the connection; after a reconnect the consumer is recreated, as the server may have lost it. */
  private async watchConnection(): Promise<void> {
    for await (const status of this.nats.status()) {
      if (status.type === Events.Disconnect) {
        this.connected = false;
        this.live = false;
      } else if (status.type === Events.Reconnect) {
        this.connected = true;
        this.messages?.stop();
        this.wake?.();
      }
    }
  }
}
