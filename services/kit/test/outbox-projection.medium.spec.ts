import { AnyEventEnvelope, envelope } from '@kiln/contracts';
import { Kysely, Transaction } from 'kysely';
import { connect, JetStreamClient, JetStreamManager, NatsConnection } from 'nats';
import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'pg';
import { z } from 'zod';
import {
  appendToOutbox,
  createDatabase,
  createPlumbingTables,
  ensureStream,
  nsName,
  OutboxRelay,
  Projection,
  ProjectionRunner,
  waitForProjection,
} from '../src';
import { eventually } from './support/kit-env';

/**
 * The service kit's plumbing on its own, against the running Postgres and NATS JetStream:
 * outbox rows commit with the state or not at all, the relay publishes them, a failing projection
 * is retried (never acked on error) and applies each event once.
 */
const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const SCHEMA = 'kit_test';
const STREAM = { name: 'KIT_EVENTS', subjects: ['evt.kit.>'] };

const withDatabase = (url: string, database: string) => Object.assign(new URL(url), { pathname: `/${database}` }).toString();
async function admin(query: string) {
  const client = new Client({ connectionString: withDatabase(BASE_DATABASE_URL, 'postgres') });
  await client.connect();
  await client.query(query).finally(() => client.end());
}

/** The test's own event contract: the runner parses every event it receives. */
const schemas = { 'kit.thing.created.v1': envelope('kit.thing.created.v1', z.object({ name: z.string() })) };

const aThing = (name = `thing ${randomBytes(3).toString('hex')}`) => ({
  type: 'kit.thing.created.v1',
  aggregateType: 'thing',
  aggregateId: randomBytes(12).toString('hex'),
  data: { name },
});

describe('service kit: outbox relay and projection runner', () => {
  const database = `kiln_medium_${randomBytes(6).toString('hex')}`;
  let db: Kysely<any>;
  let pool: Pool;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let js: JetStreamClient;
  let relay: OutboxRelay;
  let runner: ProjectionRunner;
  /** Names of events the projection should refuse once, to prove a failure is retried. */
  const failOnce = new Set<string>();
  const attempts = new Map<string, number>();

  const projection: Projection = {
    name: 'project-things-on-thing-created',
    stream: STREAM.name,
    subject: 'kit.thing.>',
    async rebuild() {
      return 0;
    },
    // Things named `skip …` change nothing here: acked without a transaction.
    async relevant(_db, events) {
      return events.filter((event) => !(event.data as { name: string }).name.startsWith('skip'));
    },
    async apply(trx: Transaction<any>, event: AnyEventEnvelope) {
      const { name } = event.data as { name: string };
      attempts.set(name, (attempts.get(name) ?? 0) + 1);
      if (failOnce.delete(name)) throw new Error(`refusing ${name} once`);
      await trx.withSchema(SCHEMA).insertInto('thing_view').values({ id: event.aggregateId, name }).execute();
    },
  };

  beforeAll(async () => {
    process.env.KILN_NAMESPACE = `m${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE "${database}"`);
    ({ db, pool } = createDatabase(withDatabase(BASE_DATABASE_URL, database)));
    await db.schema.createSchema(SCHEMA).execute();
    await createPlumbingTables(db, SCHEMA);
    await db.schema
      .withSchema(SCHEMA)
      .createTable('things')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text')
      .execute();
    await db.schema
      .withSchema(SCHEMA)
      .createTable('thing_view')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text')
      .execute();
    nc = await connect({ servers: NATS_URL });
    jsm = await nc.jetstreamManager();
    js = nc.jetstream();
    await ensureStream(jsm, STREAM);
    relay = new OutboxRelay(db, pool, SCHEMA, js, () => undefined);
    await relay.start();
    runner = new ProjectionRunner(db, SCHEMA, jsm, js, projection, () => undefined, { schemas, retryDelaysMs: [100, 100, 100, 100] });
    await runner.start();
  });

  afterAll(async () => {
    await runner?.stop().catch(() => undefined);
    await relay?.stop().catch(() => undefined);
    await jsm?.streams.delete(nsName(STREAM.name)).catch(() => undefined);
    await nc?.drain().catch(() => undefined);
    await db?.destroy().catch(() => undefined);
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  });

  /** Writes a thing and its event in one transaction, as a repository does. */
  async function save(event: ReturnType<typeof aThing>, options: { thenFail?: boolean } = {}): Promise<string[]> {
    return db.transaction().execute(async (trx) => {
      await trx.withSchema(SCHEMA).insertInto('things').values({ id: event.aggregateId, name: event.data.name }).execute();
      const envelopes = await appendToOutbox(trx, SCHEMA, [event], { actorId: null, occurredAt: new Date() });
      if (options.thenFail) throw new Error('the state write failed');
      return envelopes.map((e) => e.eventId);
    });
  }

  /** Resolves once the projection recorded the event in processed_events (whichever delivery did it). */
  const applied = async (eventId: string, timeoutMs = 10_000) => {
    if (!(await waitForProjection(db, SCHEMA, projection.name, [eventId], { timeoutMs })))
      throw new Error(`event ${eventId} not applied within ${timeoutMs} ms`);
  };
  const view = (id: string) => db.withSchema(SCHEMA).selectFrom('thing_view').selectAll().where('id', '=', id).executeTakeFirst();

  it('relays a committed event to the projection and marks its outbox row published', async () => {
    const thing = aThing();
    const [eventId] = await save(thing);

    await applied(eventId);

    expect(await view(thing.aggregateId)).toEqual({ id: thing.aggregateId, name: thing.data.name });
    // The published mark follows the PubAck, batched with the next ones. How soon is the bench's to measure
    // (no timed assertions here: two suites run at a time); the direct path is publish-after-commit's test.
    const published = async () =>
      (await db.withSchema(SCHEMA).selectFrom('outbox').select('published_at').where('event_id', '=', eventId).executeTakeFirstOrThrow()).published_at;
    await eventually(async () => expect(await published()).not.toBeNull());
  });

  it('a rolled-back write leaves neither state nor outbox row', async () => {
    const thing = aThing();
    await expect(save(thing, { thenFail: true })).rejects.toThrow('the state write failed');

    const outbox = await db.withSchema(SCHEMA).selectFrom('outbox').select('payload').execute();
    expect(outbox.filter((r) => (r.payload as AnyEventEnvelope).aggregateId === thing.aggregateId)).toEqual([]);
    expect(await db.withSchema(SCHEMA).selectFrom('things').selectAll().where('id', '=', thing.aggregateId).executeTakeFirst()).toBeUndefined();
  });

  it('a projection that fails is not acked: the event comes again and is applied once', async () => {
    const thing = aThing();
    failOnce.add(thing.data.name);

    const [eventId] = await save(thing);
    await applied(eventId);

    expect(attempts.get(thing.data.name)).toBe(2);
    expect(await view(thing.aggregateId)).toEqual({ id: thing.aggregateId, name: thing.data.name });
    const processed = await db.withSchema(SCHEMA).selectFrom('processed_events').selectAll().where('event_id', '=', eventId).execute();
    expect(processed).toHaveLength(1);
  });

  it('handle() of an event already applied does not apply it again', async () => {
    const thing = aThing();
    const [eventId] = await save(thing);
    await applied(eventId);
    const envelope = (await db.withSchema(SCHEMA).selectFrom('outbox').select('payload').where('event_id', '=', eventId).executeTakeFirstOrThrow())
      .payload as AnyEventEnvelope;

    await runner.handle(envelope);
    await runner.handle(envelope);

    expect(attempts.get(thing.data.name)).toBe(1);
  });

  it('keeps the order of the outbox', async () => {
    const things = Array.from({ length: 5 }, () => aThing());
    const seen: string[] = [];
    const sub = nc.subscribe(`${process.env.KILN_NAMESPACE}.evt.kit.thing.created.v1`, {
      callback: (_e, msg) => seen.push(msg.json<AnyEventEnvelope>().aggregateId),
    });
    await nc.flush();

    const ids: string[] = [];
    for (const thing of things) ids.push(...(await save(thing)));
    await applied(ids[ids.length - 1]);
    await nc.flush();
    sub.unsubscribe();

    expect(seen.filter((id) => things.some((t) => t.aggregateId === id))).toEqual(things.map((t) => t.aggregateId));
  });

  it('acks the events its projection says it has nothing to do for, with no transaction and no processed row', async () => {
    const skipped = aThing(`skip ${randomBytes(3).toString('hex')}`);
    const kept = aThing();
    const [skippedId] = await save(skipped);
    const [keptId] = await save(kept);
    await applied(keptId);

    expect(attempts.get(skipped.data.name)).toBeUndefined();
    expect(await db.withSchema(SCHEMA).selectFrom('processed_events').select('event_id').where('event_id', '=', skippedId).executeTakeFirst()).toBeUndefined();
    expect(await view(skipped.aggregateId)).toBeUndefined();
    expect(await view(kept.aggregateId)).toEqual({ id: kept.aggregateId, name: kept.data.name });
    expect(runner.hasApplied(skippedId)).toBe(true);
    // Acked: nothing waits for an ack or a redelivery.
    const info = await jsm.consumers.info(nsName(STREAM.name), runner.consumerName);
    expect(info.num_ack_pending).toBe(0);
    expect(info.num_pending).toBe(0);
  });

  it('waits for an event its own runner already applied without reading the database', async () => {
    const thing = aThing();
    const [eventId] = await save(thing);
    await applied(eventId);
    const { db: closed } = createDatabase(withDatabase(BASE_DATABASE_URL, database));
    await closed.destroy(); // any statement on it would fail

    expect(await waitForProjection(closed, SCHEMA, projection.name, [eventId], { runner, timeoutMs: 1000 })).toBe(true);
  });
});
