import { AnyEventEnvelope } from '@kiln/contracts';
import { Kysely, Transaction } from 'kysely';
import { AckPolicy, ConsumerMessages, DeliverPolicy, JetStreamClient, JetStreamManager, nanos } from 'nats';
import { nsName, nsSubject } from '../config';

export interface Projection {
  /** Durable consumer name, derived from the subscriber: `ProjectModelsOnModelEvents` → `project-models-on-model-events`. */
  name: string;
  stream: string;
  /** The events this projection applies, as a subject without the `evt.` prefix: `workspace.model.>`.
   *  One subject per consumer: Debian's nats-server (2.9) has no multi-subject filters. */
  subject: string;
  apply(trx: Transaction<any>, event: AnyEventEnvelope): Promise<void>;
  /** Empties the read model, before a rebuild from the outbox. */
  reset(trx: Transaction<any>): Promise<void>;
}

/**
 * Feeds one projection from a durable JetStream consumer. Each event is applied and recorded in
 * `processed_events` in ONE transaction, so a redelivery is a no-op; the message is acked only after
 * the commit, and a failure naks it for a later retry (never acked on error).
 */
export class ProjectionRunner {
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;
  private readonly listeners = new Set<(eventId: string) => void>();

  constructor(
    private readonly db: Kysely<any>,
    private readonly schema: string,
    private readonly jsm: JetStreamManager,
    private readonly js: JetStreamClient,
    private readonly projection: Projection,
    private readonly log: (message: string) => void = console.error,
  ) {}

  get projectionName(): string {
    return this.projection.name;
  }

  get consumerName(): string {
    return nsName(this.projection.name);
  }

  async start(): Promise<void> {
    const stream = nsName(this.projection.stream);
    const config = {
      durable_name: this.consumerName,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(30_000),
      filter_subject: nsSubject(`evt.${this.projection.subject}`),
    };
    try {
      await this.jsm.consumers.info(stream, this.consumerName);
      await this.jsm.consumers.update(stream, this.consumerName, { filter_subject: config.filter_subject, ack_wait: config.ack_wait });
    } catch {
      await this.jsm.consumers.add(stream, config);
    }
    const consumer = await this.js.consumers.get(stream, this.consumerName);
    this.messages = await consumer.consume({ max_messages: 256 });
    this.loop = this.run(this.messages);
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    for await (const message of messages) {
      try {
        const event = message.json<AnyEventEnvelope>();
        await this.handle(event);
        message.ack();
        for (const listener of this.listeners) listener(event.eventId);
      } catch (error) {
        this.log(`projection ${this.projection.name}: ${(error as Error).stack ?? error}; will retry`);
        message.nak(1000);
      }
    }
  }

  /** Applies one event exactly once (idempotent by `(consumer, event_id)`). Also used by rebuilds. */
  async handle(event: AnyEventEnvelope): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .withSchema(this.schema)
        .insertInto('processed_events')
        .values({ consumer: this.projection.name, event_id: event.eventId })
        .onConflict((oc) => oc.doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (inserted) await this.projection.apply(trx, event);
    });
  }

  /** Called with each event id once it is in the read model (used to answer reads after writes). */
  onApplied(listener: (eventId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async stop(): Promise<void> {
    await this.messages?.close();
    await this.loop;
  }
}
