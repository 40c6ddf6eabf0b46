import { AnyEventEnvelope, envelope } from '@kiln/contracts';
import { sql, Transaction } from 'kysely';
import { JetStreamClient, PubAck } from 'nats';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { Pool } from 'pg';
import { z } from 'zod';
import { appendToOutbox, createDatabase, ensureStream, nsName, OutboxRelay, Projection, ProjectionRunner, writeWithOutbox } from '../src';
import { eventually, KitEnv, startKitEnv } from './support/kit-env';

/**
 * Publish after commit (ADR 0015): the committing process publishes its events right after the commit,
 * and the relay publishes whatever that missed. Faults first: a direct publish that fails or whose answer
 * is lost, a process killed right after its commit, and the direct path racing the relay on the same rows
 * with two instances. Each event must reach the stream once, in order per aggregate, and be applied once.
 */
const STREAM = { name: 'KIT_PAC_EVENTS', subjects: ['evt.kitpac.>'] };
const TYPE = 'kitpac.thing.changed.v1';
const schemas = { [TYPE]: envelope(TYPE, z.object({ name: z.string(), version: z.number() })) };

/** A JetStream client whose publishes fail as the test says (the fault), otherwise the real one. */
function faulty(js: JetStreamClient, fault: { next?: 'refuse' | 'lose-answer'; delayMs?: (body: string) => number }): JetStreamClient {
  return new Proxy(js, {
    get(target, prop) {
      if (prop !== 'publish') return Reflect.get(target, prop);
      return async (...args: Parameters<JetStreamClient['publish']>): Promise<PubAck> => {
        const failure = fault.next;
        fault.next = undefined;
        if (failure === 'refuse') throw new Error('injected: NATS refused the publish');
        const delay = fault.delayMs?.(String(args[1])) ?? 0;
        if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
        const ack = await target.publish(...args);
        if (failure === 'lose-answer') throw new Error('injected: the PubAck was lost');
        return ack;
      };
    },
  });
}

describe('service kit: publish after commit, the relay as fallback', () => {
  let env: KitEnv;
  let runner: ProjectionRunner;
  const relays: OutboxRelay[] = [];
  const pools: Pool[] = [];
  /** Applies per event id: exactly once means 1 for every event. */
  const applies = new Map<string, number>();

  const projection: Projection = {
    name: 'project-kitpac-things',
    stream: STREAM.name,
    subject: 'kitpac.>',
    async apply(_trx: Transaction<any>, event: AnyEventEnvelope) {
      applies.set(event.eventId, (applies.get(event.eventId) ?? 0) + 1);
    },
    async rebuild() {
      return 0;
    },
  };

  beforeAll(async () => {
    env = await startKitEnv();
    await ensureStream(env.jsm, STREAM);
    await env.db.schema
      .withSchema(env.schema)
      .createTable('kitpac_things')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
    runner = new ProjectionRunner(env.db, env.schema, env.jsm, env.js, projection, () => undefined, { schemas, retryDelaysMs: [50, 50] });
    await runner.start();
  });
  afterEach(async () => {
    for (const relay of relays.splice(0)) await relay.stop();
  });
  afterAll(async () => {
    await runner?.stop().catch(() => undefined);
    for (const pool of pools) await pool.end().catch(() => undefined);
    await env?.stop();
  });

  /** A relay as a service instance runs it (its own pool when `own`, as a second process would have). */
  async function startRelay(js: JetStreamClient, options: ConstructorParameters<typeof OutboxRelay>[5] = {}, own = false) {
    let { db, pool } = env;
    if (own) {
      ({ db, pool } = createDatabase(env.databaseUrl));
      pools.push(pool);
    }
    const relay = new OutboxRelay(db, pool, env.schema, js, () => undefined, options);
    await relay.start();
    relays.push(relay);
    return relay;
  }

  const save = (aggregateId: string, version: number) =>
    env.db.transaction().execute(async (trx) => {
      const [e] = await appendToOutbox(trx, env.schema, [{ type: TYPE, aggregateType: 'thing', aggregateId, data: { name: `v${version}`, version } }], {
        actorId: null,
        occurredAt: new Date(),
      });
      return e.eventId;
    });

  /** The state row and its event in one statement, guarded by the version before (as a repository writes a command). */
  const saveInOneStatement = async (aggregateId: string, version: number) => {
    const change = env.db
      .withSchema(env.schema)
      .insertInto('kitpac_things')
      .values({ id: aggregateId, version })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ version })
          .where('kitpac_things.version', '=', version - 1),
      )
      .returning('id');
    const { changed, envelopes } = await writeWithOutbox(
      env.db,
      env.schema,
      change,
      [{ type: TYPE, aggregateType: 'thing', aggregateId, data: { name: `v${version}`, version } }],
      {
        actorId: null,
        occurredAt: new Date(),
      },
    );
    if (changed !== 1) throw new Error(`version ${version} of ${aggregateId} is stale`);
    return envelopes[0].eventId;
  };

  /** Every message of the stream, in stream order. */
  async function streamMessages(): Promise<{ eventId: string; aggregateId: string; version: number }[]> {
    const { state } = await env.jsm.streams.info(nsName(STREAM.name));
    const messages = [];
    for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
      const message = await env.jsm.streams.getMessage(nsName(STREAM.name), { seq });
      const event = message.json<AnyEventEnvelope>();
      messages.push({ eventId: event.eventId, aggregateId: event.aggregateId, version: (event.data as { version: number }).version });
    }
    return messages;
  }
  const copiesInStream = async (eventId: string) => (await streamMessages()).filter((m) => m.eventId === eventId).length;
  const published = async (eventId: string) =>
    (await env.db.withSchema(env.schema).selectFrom('outbox').select('published_at').where('event_id', '=', eventId).executeTakeFirstOrThrow()).published_at;
  const appliedOnce = (eventId: string) => eventually(() => expect(applies.get(eventId)).toBe(1));

  it("finds an aggregate's unpublished events through an index, not a scan of the backlog", async () => {
    const { rows } = await env.pool.query(`SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname = 'outbox_unpublished_aggregate'`, [env.schema]);
    expect(rows[0]?.indexdef).toMatch(/aggregateId.*WHERE \(published_at IS NULL\)/);
  });

  it('a one-statement write that finds its aggregate changed meanwhile writes no event', async () => {
    await startRelay(env.js, { graceMs: 600_000, pollMs: 600_000 });
    const aggregateId = randomBytes(6).toString('hex');
    const first = await saveInOneStatement(aggregateId, 1);
    const outboxRows = async () =>
      (
        await env.db
          .withSchema(env.schema)
          .selectFrom('outbox')
          .select('event_id')
          .where(sql`payload->>'aggregateId'`, '=', aggregateId)
          .execute()
      ).length;

    await expect(saveInOneStatement(aggregateId, 1)).rejects.toThrow('is stale');

    expect(await outboxRows()).toBe(1);
    await appliedOnce(first);
    expect(await copiesInStream(first)).toBe(1);
  });

  it('publishes right after the commit, without waiting for the relay', async () => {
    // A relay that would not look for 10 minutes: only the direct path can publish in time.
    await startRelay(env.js, { graceMs: 600_000, pollMs: 600_000 });

    const eventId = await save(randomBytes(6).toString('hex'), 1);

    await appliedOnce(eventId);
    await eventually(async () => expect(await published(eventId)).not.toBeNull());
    expect(await copiesInStream(eventId)).toBe(1);
  });

  it('when the direct publish is refused, the relay publishes the event, applied once', async () => {
    const fault: { next?: 'refuse' } = { next: 'refuse' };
    await startRelay(faulty(env.js, fault), { graceMs: 600_000, pollMs: 600_000 });

    const eventId = await save(randomBytes(6).toString('hex'), 1);

    await appliedOnce(eventId);
    expect(fault.next).toBeUndefined(); // the fault did happen
    await eventually(async () => expect(await published(eventId)).not.toBeNull());
    expect(await copiesInStream(eventId)).toBe(1);
  });

  it('when the answer to a direct publish is lost, the relay publishes again and the stream keeps one copy', async () => {
    const fault: { next?: 'lose-answer' } = { next: 'lose-answer' };
    await startRelay(faulty(env.js, fault), { graceMs: 600_000, pollMs: 600_000 });

    const eventId = await save(randomBytes(6).toString('hex'), 1);

    await eventually(async () => expect(await published(eventId)).not.toBeNull());
    await appliedOnce(eventId);
    expect(await copiesInStream(eventId)).toBe(1);
  });

  it('when the committing process dies right after its commit, another instance publishes its event after the grace', async () => {
    // This process is the surviving instance: it hears the dead one's NOTIFY, leaves it to its owner, then drains it.
    await startRelay(env.js, { graceMs: 300, pollMs: 100 });
    const aggregateId = randomBytes(6).toString('hex');

    const eventId = await new Promise<string>((resolve, reject) => {
      const child = execFile(
        process.execPath,
        ['-r', '@swc-node/register', path.join(__dirname, 'support', 'commit-then-die.ts')],
        { env: { ...process.env, DATABASE_URL: env.databaseUrl, SCHEMA: env.schema, EVENT_TYPE: TYPE, AGGREGATE_ID: aggregateId } },
        (error, stdout) => (stdout.trim() ? resolve(stdout.trim()) : reject(error ?? new Error('the child printed nothing'))),
      );
      child.on('exit', (_code, signal) => signal !== 'SIGKILL' && reject(new Error(`the child was not killed (${signal})`)));
    });

    await appliedOnce(eventId);
    // The relay marks the row published after JetStream's ack, which may come after a consumer applied it.
    await eventually(async () => expect(await published(eventId)).not.toBeNull());
    expect(await copiesInStream(eventId)).toBe(1);
  }, 30_000);

  it.each([
    ['a transaction (appendToOutbox)', () => save],
    ['one statement (writeWithOutbox: its NOTIFY may come before its answer)', () => saveInOneStatement],
  ])(
    'two instances and their relays racing on the same rows, writes in %s: each event once in the stream, in order per aggregate, applied once',
    async (_how, writer) => {
      const save = writer();
      // Two instances, each with the direct path and a relay draining everything every few ms (no grace),
      // so both paths keep publishing the same rows. Publishes of odd versions are slow (longer than the
      // next write takes): an even version published directly would overtake its predecessor.
      const slowOdd = (body: string) => ((JSON.parse(body) as { data: { version: number } }).data.version % 2 ? 100 + Math.random() * 100 : Math.random() * 5);
      const a = await startRelay(faulty(env.js, { delayMs: slowOdd }), { graceMs: 0, pollMs: 5 }, true);
      await startRelay(faulty(env.js, { delayMs: slowOdd }), { graceMs: 0, pollMs: 5 }, true);
      const before = (await streamMessages()).length;

      // Each aggregate's versions commit one after another (as the version check makes them); aggregates in parallel.
      const aggregates = Array.from({ length: 4 }, () => randomBytes(6).toString('hex'));
      const written: string[] = [];
      await Promise.all(
        aggregates.map(async (aggregateId) => {
          for (let version = 1; version <= 8; version++) {
            written.push(await save(aggregateId, version));
            if (version % 3 === 0) void a.wake();
          }
        }),
      );

      for (const eventId of written) await appliedOnce(eventId);
      const messages = (await streamMessages()).slice(before);
      expect(messages.map((m) => m.eventId).sort()).toEqual([...written].sort());
      for (const aggregateId of aggregates) {
        expect(messages.filter((m) => m.aggregateId === aggregateId).map((m) => m.version)).toEqual(Array.from({ length: 8 }, (_, i) => i + 1));
      }
      await eventually(async () => {
        const unpublished = await env.db.withSchema(env.schema).selectFrom('outbox').select('event_id').where('published_at', 'is', null).execute();
        expect(unpublished).toEqual([]);
      });
    },
    60_000,
  );
});
