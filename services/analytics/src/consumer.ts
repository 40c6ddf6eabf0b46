import { AckPolicy, DeliverPolicy, JetStreamClient, JetStreamManager, JsMsg, NatsConnection, nanos } from 'nats';
import type { Pool } from 'pg';
import { countsOf } from './counts';
import { applyBatch, CountedEvent, recordRejected } from './read-model';
import { AnalyticsSubscription } from './subscriptions';

/** Where the streams and consumers are: names prefixed by the deployment's namespace (`KILN_NAMESPACE`), if any. */
export interface Names {
  namespace: string;
}

export const streamName = (names: Names, stream: string) => (names.namespace ? `${names.namespace}_${stream}` : stream);
export const durableName = (names: Names, durable: string) => (names.namespace ? `${names.namespace}_${durable}` : durable);
export const subjectOf = (names: Names, type: string) => (names.namespace ? `${names.namespace}.evt.${type}` : `evt.${type}`);

/** Messages fetched (and applied in one transaction) at a time, unless `ANALYTICS_BATCH` says otherwise. */
export const BATCH = 250;
/**
 * How long the server waits for an ack before it delivers a message again (to this or another instance), unless
 * `ANALYTICS_ACK_WAIT_MS` says otherwise when the consumer is made. A batch commits in milliseconds; one that takes
 * longer is delivered again and skipped by the dedupe, so short only costs repeated work. It is also how long the
 * events a killed process held wait before another instance gets them.
 */
export const ACK_WAIT_MS = 10_000;
/** How long a fetch waits for messages when there are fewer than a batch. */
const FETCH_WAIT_MS = 1000;
/** The pause before trying again after a failure (Postgres or NATS away, stream not made yet). */
const RETRY_MS = 1000;

/**
 * The durable consumer of one subscription, made when missing: explicit ack, from the first event the stream holds,
 * on the subscription's one subject, never given up on (no max_deliver: while Postgres is away, events wait).
 * An existing one is left as it is (its position is the point of it).
 */
export async function ensureConsumer(jsm: JetStreamManager, names: Names, sub: AnalyticsSubscription, ackWaitMs = ACK_WAIT_MS): Promise<void> {
  const stream = streamName(names, sub.stream);
  const durable = durableName(names, sub.durable);
  try {
    await jsm.consumers.info(stream, durable);
    return;
  } catch (error) {
    if (!/consumer not found/i.test(String(error))) throw error;
  }
  await jsm.consumers.add(stream, {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: subjectOf(names, sub.type),
    ack_wait: nanos(ackWaitMs),
    max_deliver: -1,
  });
}

/**
 * Reads one subscription's durable consumer and applies its events: a fetched batch is parsed, applied (counts and
 * event ids) in ONE transaction, and acknowledged only after the commit. A failed transaction naks the batch (it
 * comes back); a message that does not match its contract is recorded in `rejected_events` and terminated.
 */
export class SubscriptionLoop {
  private stopping = false;
  private loop?: Promise<void>;
  private lastError = '';

  constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly pool: Pool,
    private readonly names: Names,
    readonly subscription: AnalyticsSubscription,
    private readonly log: (line: string) => void,
    private readonly batchSize = BATCH,
    private readonly ackWaitMs = ACK_WAIT_MS,
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.loop;
  }

  private async run(): Promise<void> {
    const js: JetStreamClient = this.nc.jetstream();
    const stream = streamName(this.names, this.subscription.stream);
    const durable = durableName(this.names, this.subscription.durable);
    while (!this.stopping) {
      try {
        await ensureConsumer(this.jsm, this.names, this.subscription, this.ackWaitMs);
        const consumer = await js.consumers.get(stream, durable);
        while (!this.stopping) {
          const batch: JsMsg[] = [];
          const messages = await consumer.fetch({ max_messages: this.batchSize, expires: FETCH_WAIT_MS });
          for await (const message of messages) batch.push(message);
          if (batch.length) await this.apply(batch);
          this.lastError = '';
        }
      } catch (error) {
        // Said once per kind of failure, not every second while it lasts.
        const text = (error as Error).message;
        if (text !== this.lastError) this.log(`${this.subscription.durable}: ${text}; trying again every ${RETRY_MS / 1000} s`);
        this.lastError = text;
        if (!this.stopping) await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  private async apply(batch: JsMsg[]): Promise<void> {
    const counted: CountedEvent[] = [];
    const rejected: { message: JsMsg; eventId: string; error: string }[] = [];
    const accepted: JsMsg[] = [];
    for (const message of batch) {
      const parsed = countsOf(message.string(), this.subscription.type);
      if (parsed.ok) {
        counted.push(parsed);
        accepted.push(message);
      } else {
        rejected.push({
          message,
          eventId: parsed.eventId || message.headers?.get('Nats-Msg-Id') || `${message.info.stream}:${message.seq}`,
          error: parsed.error,
        });
      }
    }
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await applyBatch(client, counted);
      await recordRejected(
        client,
        rejected.map((r) => ({ eventId: r.eventId, subject: r.message.subject, payload: r.message.string(), error: r.error })),
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      // Not applied: each comes back after a pause (the whole batch again; dedupe makes that safe).
      for (const message of batch) message.nak(RETRY_MS);
      throw error;
    } finally {
      client.release();
    }
    // Acknowledged after the commit: a crash before this line redelivers events already counted, which dedupe skips.
    for (const message of accepted) message.ack();
    for (const r of rejected) {
      this.log(`${this.subscription.durable}: event ${r.eventId} rejected (${r.error.slice(0, 300)})`);
      r.message.term();
    }
  }
}
