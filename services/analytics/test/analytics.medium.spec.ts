import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { connect, Events, headers, JetStreamManager, NatsConnection, nanos, RetentionPolicy, StorageType } from 'nats';
import { Client } from 'pg';
import { eventually } from '../../../deploy/test/support/eventually';
import { findNatsServer, loadNatsPasswords, StartedNats, startNatsServer, writeNatsAuthConfig } from '../../../deploy/src/nats';
import { NatsUser } from '../../../deploy/src/nats-auth';
import { createDatabase, dropDatabase } from '../../../deploy/src/postgres';
import { freePort } from '../../../deploy/src/stack';
import { Analytics, readConfig } from '../src/analytics';
import { ANALYTICS_SUBSCRIPTIONS } from '../src/subscriptions';
import { modelCreated, newId, orderAccepted, orderDeclined, pluginCreated, quoteSent, versionPublished } from './support/events';

/**
 * The analytics consumer (issue 21, ADR 0068) as `npm start` runs it: its own process, its own NATS user on a
 * nats-server with Kiln's users (deploy/src/nats-auth.ts), its own schema. Events are published as the services
 * publish them (envelope-valid, on `evt.<type>`, `Nats-Msg-Id` = eventId), by the runner's admin user.
 */
const root = path.resolve(__dirname, '..', '..', '..');
const namespace = `an${randomBytes(3).toString('hex')}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-analytics-'));
const SERVER_DB = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STREAMS = { workspace: 'WORKSPACE_EVENTS', commerce: 'COMMERCE_EVENTS', 'plugin-registry': 'PLUGIN_REGISTRY_EVENTS' } as const;

let nats: StartedNats;
let passwords: Record<NatsUser, string>;
let databaseUrl: string;
let admin: NatsConnection;
let jsm: JetStreamManager;
let db: Client;
const children = new Set<ChildProcess>();
const instances = new Set<Analytics>();

/** What `npm start` gives the consumer: the database, NATS as the analytics user, the namespace. */
const consumerEnv = (): NodeJS.ProcessEnv => ({
  DATABASE_URL: databaseUrl,
  NATS_URL: nats.url,
  NATS_USER: 'analytics',
  NATS_PASSWORD: passwords.analytics,
  KILN_NAMESPACE: namespace,
  // What a killed process held comes back after 2 s rather than 10 (the consumers are made by the first start).
  ANALYTICS_ACK_WAIT_MS: '2000',
});

/** An instance of the consumer in this process (what main.ts runs). */
async function openConsumer(): Promise<Analytics> {
  const instance = await Analytics.open(readConfig(consumerEnv()), () => undefined);
  instances.add(instance);
  return instance;
}

/** The consumer's own process (compiled on the fly from its sources). */
function startConsumer(args: string[] = [], env: NodeJS.ProcessEnv = {}): { child: ChildProcess; output: string[]; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'services/analytics/src/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...consumerEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => (children.delete(child), resolve(code))));
  return { child, output, exited };
}

/** Publishes an event as a service does: on `evt.<type>`, `Nats-Msg-Id` = eventId (or without it: a re-feed after the dedupe window). */
async function publish(event: { type: string; eventId: string }, withMsgId = true): Promise<void> {
  const h = headers();
  if (withMsgId) h.set('Nats-Msg-Id', event.eventId);
  await admin.jetstream().publish(`${namespace}.evt.${event.type}`, JSON.stringify(event), { headers: h });
}

/** Every analytics consumer has applied all its stream holds (read with the admin user). */
async function caughtUp(): Promise<void> {
  await eventually(async () => {
    for (const sub of ANALYTICS_SUBSCRIPTIONS) {
      const info = await jsm.consumers.info(`${namespace}_${sub.stream}`, `${namespace}_${sub.durable}`);
      expect({ durable: sub.durable, pending: info.num_pending, unacked: info.num_ack_pending }).toEqual({ durable: sub.durable, pending: 0, unacked: 0 });
    }
  }, 20_000);
}

/** The read model, in a stable order. */
async function snapshot() {
  const daily = await db.query(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, metric, scope_type, scope_id, count::int
     FROM analytics.daily_counts ORDER BY day, metric COLLATE "C", scope_type, scope_id`,
  );
  const monthly = await db.query(
    `SELECT to_char(month, 'YYYY-MM') AS month, metric, scope_type, scope_id, currency, count::int, amount_minor::int
     FROM analytics.monthly_deals ORDER BY month, metric COLLATE "C", scope_type, scope_id, currency`,
  );
  const processed = await db.query(`SELECT count(*)::int AS n FROM analytics.processed_events`);
  return { daily: daily.rows, monthly: monthly.rows, processed: processed.rows[0].n as number };
}

beforeAll(async () => {
  const binary = findNatsServer();
  if (!binary) throw new Error('nats-server not found (sudo apt-get install nats-server)');
  passwords = loadNatsPasswords(path.join(dir, 'nats-passwords.json'));
  const configFile = path.join(dir, 'nats-users.conf');
  writeNatsAuthConfig(configFile, namespace, passwords);
  nats = await startNatsServer({ binary, storeDir: path.join(dir, 'store'), port: await freePort(), configFile, log: () => undefined });
  admin = await connect({ servers: nats.url, user: 'admin', pass: passwords.admin });
  jsm = await admin.jetstreamManager();
  // The streams as the services make them (services/kit ensureStream): limits retention, 2-minute dedupe window.
  for (const [context, stream] of Object.entries(STREAMS)) {
    await jsm.streams.add({
      name: `${namespace}_${stream}`,
      subjects: [`${namespace}.evt.${context}.>`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      duplicate_window: nanos(120_000),
      max_age: nanos(30 * 86_400_000),
    });
  }
  databaseUrl = await createDatabase(SERVER_DB, `kiln_analytics_${randomBytes(4).toString('hex')}`);
  db = new Client({ connectionString: databaseUrl });
  await db.connect();
}, 30_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const instance of instances) await instance.close().catch(() => undefined);
  await db?.end().catch(() => undefined);
  await admin?.close().catch(() => undefined);
  await nats?.stop();
  if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
}, 30_000);

const seller = newId();
const team = newId();
const author = newId();

describe('the analytics consumer', () => {
  let live: Analytics;

  it('counts models per day, plugins created and published, quotes sent and orders accepted with revenue per month; a repeated event once', async () => {
    live = await openConsumer();
    live.start();
    const accepted = orderAccepted({ ownerId: seller, at: '2026-10-30T23:59:00.000Z', totalPrice: 12.5, quantity: 3 });
    const events = [
      modelCreated({ authorId: seller, at: '2026-11-01T08:00:00.000Z' }),
      modelCreated({ authorId: seller, at: '2026-11-01T23:59:59.000Z' }),
      modelCreated({ authorId: seller, teamId: team, at: '2026-11-01T09:00:00.000Z' }),
      modelCreated({ authorId: seller, at: '2026-11-02T00:00:00.000Z' }),
      pluginCreated({ authorId: author, at: '2026-11-03T10:00:00.000Z' }),
      versionPublished({ authorId: author, at: '2026-11-03T11:00:00.000Z', alpha: true }),
      versionPublished({ authorId: author, at: '2026-11-04T11:00:00.000Z', alpha: false }),
      quoteSent({ ownerId: seller, at: '2026-10-20T10:00:00.000Z', totalPrice: 12.5, quantity: 3 }),
      quoteSent({ ownerId: seller, teamId: team, at: '2026-11-20T10:00:00.000Z', totalPrice: 0.1, quantity: 7 }),
      accepted,
      orderAccepted({ ownerId: seller, at: '2026-11-05T10:00:00.000Z', totalPrice: 99.99, quantity: 1 }),
      orderAccepted({ ownerId: seller, at: '2026-11-06T10:00:00.000Z', totalPrice: 20, quantity: 2 }),
      // Declined in November after its acceptance in October: October's revenue loses it.
      orderDeclined(accepted, '2026-11-02T10:00:00.000Z'),
    ];
    for (const event of events) await publish(event);
    // The same event again: once inside the stream's dedupe window (the stream drops it), once as a re-feed
    // after it (no Nats-Msg-Id: the stream keeps it, the consumer must not count it twice).
    await publish(events[0]);
    await publish(events[0], false);
    await publish(events[9], false);
    // A payload that does not match its contract is kept aside, never counted.
    await publish({ ...modelCreated({ authorId: seller, at: '2026-11-01T08:00:00.000Z' }), data: { model: { id: 'nope' } } } as never);
    await caughtUp();

    const { daily, monthly, processed } = await snapshot();
    expect(processed).toBe(events.length);
    expect(daily).toEqual([
      { day: '2026-11-01', metric: 'models.created', scope_type: 'team', scope_id: team, count: 1 },
      { day: '2026-11-01', metric: 'models.created', scope_type: 'user', scope_id: seller, count: 2 },
      { day: '2026-11-02', metric: 'models.created', scope_type: 'user', scope_id: seller, count: 1 },
      { day: '2026-11-03', metric: 'plugin-versions.published-alpha', scope_type: 'user', scope_id: author, count: 1 },
      { day: '2026-11-03', metric: 'plugins.created', scope_type: 'user', scope_id: author, count: 1 },
      { day: '2026-11-04', metric: 'plugin-versions.published', scope_type: 'user', scope_id: author, count: 1 },
    ]);
    const usd = { currency: 'USD' };
    expect(monthly).toEqual([
      { month: '2026-10', metric: 'orders.accepted', scope_type: 'user', scope_id: seller, ...usd, count: 1, amount_minor: 3750 },
      { month: '2026-10', metric: 'orders.accepted-then-declined', scope_type: 'user', scope_id: seller, ...usd, count: 1, amount_minor: 3750 },
      { month: '2026-10', metric: 'quotes.sent', scope_type: 'user', scope_id: seller, ...usd, count: 1, amount_minor: 3750 },
      { month: '2026-11', metric: 'orders.accepted', scope_type: 'user', scope_id: seller, ...usd, count: 2, amount_minor: 9999 + 4000 },
      { month: '2026-11', metric: 'quotes.sent', scope_type: 'team', scope_id: team, ...usd, count: 1, amount_minor: 70 },
    ]);
    // What a seller keeps per month: accepted minus accepted-then-declined.
    const revenue = await db.query(`SELECT to_char(month, 'YYYY-MM') AS month, orders::int, amount_minor::int FROM analytics.monthly_revenue ORDER BY 1`);
    expect(revenue.rows).toEqual([
      { month: '2026-10', orders: 0, amount_minor: 0 },
      { month: '2026-11', orders: 2, amount_minor: 13999 },
    ]);
    const rejected = await db.query(`SELECT error FROM analytics.rejected_events`);
    expect(rejected.rows).toEqual([{ error: expect.stringContaining('does not match the contract of workspace.model.created.v1') }]);
  });

  it('killed mid-stream and started again, loses and doubles nothing', async () => {
    await live.close();
    instances.delete(live);
    // Its own process, with small batches, so the kill lands while it works through the backlog.
    const killed = startConsumer([], { ANALYTICS_BATCH: '2' });
    const day = '2026-11-10T12:00:00.000Z';
    const burst = Array.from({ length: 400 }, () => modelCreated({ authorId: seller, at: day }));
    await Promise.all(burst.map((event) => publish(event)));
    const before = (await snapshot()).processed;
    const seen = await eventually(async () => {
      const n = (await snapshot()).processed - before;
      expect(n).toBeGreaterThan(20);
      return n;
    }, 20_000);
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(seen).toBeLessThan(burst.length); // it was killed mid-stream

    live = await openConsumer();
    live.start();
    await caughtUp();
    const { daily, processed } = await snapshot();
    expect(processed).toBe(before + burst.length);
    expect(daily.find((r) => r.day === '2026-11-10')).toEqual({
      day: '2026-11-10',
      metric: 'models.created',
      scope_type: 'user',
      scope_id: seller,
      count: 400,
    });
  });

  it('rebuilt from the streams equals live, while the live consumer keeps reading', async () => {
    const liveModel = await snapshot();
    // A second instance rebuilds (what `main.js rebuild` does), the live one reading all along.
    const rebuilder = await openConsumer();
    const covers = await rebuilder.rebuild();
    expect(Object.keys(covers).sort()).toEqual(['COMMERCE_EVENTS', 'PLUGIN_REGISTRY_EVENTS', 'WORKSPACE_EVENTS']);
    expect(covers.WORKSPACE_EVENTS).toMatch(/^\d{4}-/);
    rebuilder.start();
    await rebuilder.waitCaughtUp(20_000);
    await caughtUp();
    expect(await snapshot()).toEqual(liveModel);
    await rebuilder.close();
    instances.delete(rebuilder);
    const rebuilds = await db.query(`SELECT streams FROM analytics.rebuilds`);
    expect(rebuilds.rows).toEqual([{ streams: covers }]);
  });

  it('has a NATS user that reads but cannot publish events, change a stream or touch another consumer', async () => {
    const reader = await connect({ servers: nats.url, user: 'analytics', pass: passwords.analytics });
    try {
      const errors: string[] = [];
      void (async () => {
        for await (const status of reader.status()) if (status.type === Events.Error) errors.push(String(status.data));
      })();
      const stream = `${namespace}_WORKSPACE_EVENTS`;
      const held = (await jsm.streams.info(stream)).state.messages;
      reader.publish(`${namespace}.evt.workspace.model.created.v1`, JSON.stringify(modelCreated({ authorId: seller, at: '2026-11-11T00:00:00.000Z' })));
      reader.publish(`$JS.API.STREAM.DELETE.${stream}`, '');
      reader.publish(`$JS.API.CONSUMER.DURABLE.CREATE.${stream}.not-analytics`, '{}');
      await reader.flush();
      await eventually(() => expect(errors.filter((e) => e === 'PERMISSIONS_VIOLATION')).toHaveLength(3), 5000);
      expect((await jsm.streams.info(stream)).state.messages).toBe(held);
      // While its own consumer answers it.
      const own = await reader.jetstreamManager().then((m) => m.consumers.info(stream, `${namespace}_analytics-models-created`));
      expect(own.config.filter_subject).toBe(`${namespace}.evt.workspace.model.created.v1`);
    } finally {
      await reader.close();
    }
  });
});
