import { ErrorBody, WEBHOOK_MESSAGES, WebhookDelivery, WebhooksRpc } from '@kiln/contracts';
import { nsSubject, requestPacket } from '@kiln/service-kit';
import { sql } from 'kysely';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { aModel, aUser, SignedUp } from '../../workspace/test/support/builders';
import { eventually } from '../../workspace/test/support/test-env';
import { IntegrationsEnv, startIntegrations } from './support/integrations-env';

// Issue 21, ADR 0067: outgoing webhooks, two worker instances, a receiver in the test verifying with the reference
// Standard Webhooks library. The receiver listens on 127.0.0.2, the one host the deployment allows (plain http is
// allowed for allowed hosts only); 127.0.0.1 stays a refused loopback address.
jest.setTimeout(30_000);

const RECEIVER_HOST = '127.0.0.2';
process.env.KILN_SECRETS_KEY = 'medium-test-secrets-key';
process.env.KILN_WEBHOOK_ALLOW_HOSTS = RECEIVER_HOST;
process.env.KILN_WEBHOOK_RETRY_DELAYS = '150ms,300ms';
process.env.KILN_WEBHOOK_TIMEOUT = '3s';
process.env.KILN_WEBHOOK_IDLE_POLL_MS = '40';

interface Received {
  path: string;
  id: string;
  type: string;
  aggregateId: string;
  verified: boolean;
}

/** What each path answers: a status per call (the last repeats), or a redirect. */
const behaviour = new Map<string, number[]>();
const received: Received[] = [];
const secrets = new Map<string, string>();
let loopbackHits = 0;
let receiver: Server;
let loopback: Server;
let base: string;
let loopbackPort: number;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

let env: IntegrationsEnv;
beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = req.url ?? '/';
    const secret = secrets.get(path);
    let verified = false;
    try {
      if (secret) new Webhook(secret).verify(body, req.headers as Record<string, string>);
      verified = !!secret;
    } catch {
      verified = false;
    }
    const event = JSON.parse(body) as { type: string; aggregateId: string };
    received.push({ path, id: String(req.headers['webhook-id']), type: event.type, aggregateId: event.aggregateId, verified });
    if (path === '/redirect') {
      res.writeHead(302, { location: `http://127.0.0.1:${loopbackPort}/stolen` }).end();
      return;
    }
    const plan = behaviour.get(path) ?? [200];
    const status = plan.length > 1 ? plan.shift()! : plan[0]!;
    res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'thanks' : `no ${'x'.repeat(3000)}`);
  });
  loopback = createServer((_req, res) => {
    loopbackHits += 1;
    res.end('inside');
  });
  await new Promise<void>((resolve) => receiver.listen(0, RECEIVER_HOST, resolve));
  await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.1', resolve));
  base = `http://${RECEIVER_HOST}:${(receiver.address() as AddressInfo).port}`;
  loopbackPort = (loopback.address() as AddressInfo).port;
  env = await startIntegrations(2);
});
afterAll(async () => {
  await env?.stop();
  receiver?.close();
  loopback?.close();
});

type Name = keyof typeof WebhooksRpc;
async function raw<K extends Name>(name: K, data: z.input<(typeof WebhooksRpc)[K]['request']>) {
  return requestPacket(env.workspace.nc, nsSubject(WebhooksRpc[name].subject, env.workspace.namespace), data, { timeout: 10_000 });
}
async function call<K extends Name>(name: K, data: z.input<(typeof WebhooksRpc)[K]['request']>): Promise<z.output<(typeof WebhooksRpc)[K]['reply']>> {
  const packet = await raw(name, data);
  if (packet.err !== undefined && packet.err !== null) throw new Error(`${name}: ${JSON.stringify(packet.err)}`);
  return WebhooksRpc[name].reply.parse(packet.response) as z.output<(typeof WebhooksRpc)[K]['reply']>;
}
async function fails<K extends Name>(name: K, data: z.input<(typeof WebhooksRpc)[K]['request']>): Promise<ErrorBody> {
  const packet = await raw(name, data);
  return ErrorBody.parse(packet.err);
}

const MODEL_TYPES = ['workspace.model.created.v1', 'workspace.model.renamed.v1'];
async function subscribe(owner: SignedUp, path: string, extra: { eventTypes?: string[]; ordered?: boolean } = {}) {
  const endpoint = await call('create', {
    actor: owner.actor,
    body: { url: `${base}${path}`, eventTypes: extra.eventTypes ?? MODEL_TYPES, ordered: extra.ordered },
  });
  expect(endpoint.secret).toMatch(/^whsec_/);
  secrets.set(path, endpoint.secret);
  return endpoint;
}
const rename = (owner: SignedUp, id: string, name: string) => env.workspace.rpc.call('updateModel', { actor: owner.actor, body: { id, changes: { name } } });
const at = (path: string) => received.filter((r) => r.path === path);
const log = async (owner: SignedUp, id: string) => (await call('deliveries', { actor: owner.actor, body: { id } })).data;
const byEvent = (deliveries: WebhookDelivery[], eventId: string) => deliveries.find((d) => d.eventId === eventId)!;

it('refuses private, loopback, link-local and metadata addresses at subscription; an unknown type; strangers see nothing', async () => {
  const alice = await aUser(env.workspace.rpc);
  for (const url of [
    'https://127.0.0.1/hook',
    'https://10.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/',
    'https://[fd00:ec2::254]/',
  ]) {
    expect(await fails('create', { actor: alice.actor, body: { url, eventTypes: MODEL_TYPES } })).toMatchObject({
      statusCode: 400,
      message: WEBHOOK_MESSAGES.urlForbidden,
    });
  }
  // A name resolving to loopback, resolved here as at each delivery.
  expect(await fails('create', { actor: alice.actor, body: { url: `https://localhost:${loopbackPort}/`, eventTypes: MODEL_TYPES } })).toMatchObject({
    statusCode: 400,
    message: WEBHOOK_MESSAGES.urlForbidden,
  });
  expect(await fails('create', { actor: alice.actor, body: { url: 'http://example.com/hook', eventTypes: MODEL_TYPES } })).toMatchObject({
    message: WEBHOOK_MESSAGES.urlInvalid,
  });
  expect(await fails('create', { actor: alice.actor, body: { url: `${base}/x`, eventTypes: ['workspace.nothing.v9'] } })).toMatchObject({
    statusCode: 400,
    message: WEBHOOK_MESSAGES.eventTypeUnknown,
  });
  const endpoint = await subscribe(alice, '/private-check');
  const bob = await aUser(env.workspace.rpc);
  expect(await fails('get', { actor: bob.actor, body: { id: endpoint.id } })).toMatchObject({ statusCode: 404 });
  expect(await fails('secret', { actor: bob.actor, body: { id: endpoint.id } })).toMatchObject({ statusCode: 404 });
  expect((await call('secret', { actor: alice.actor, body: { id: endpoint.id } })).secret).toBe(endpoint.secret);
  const types = await call('eventTypes', { actor: alice.actor, body: {} });
  expect(types.data.map((t) => t.type)).toEqual(expect.arrayContaining(MODEL_TYPES));
});

it('delivers each event signed (verified by the reference library), once per attempt with two workers; redeliver and replay', async () => {
  const alice = await aUser(env.workspace.rpc);
  const endpoint = await subscribe(alice, '/ok');
  const model = await aModel(env.workspace.rpc, alice, { name: 'Hook one' });
  await rename(alice, model.id, 'Hook two');
  await rename(alice, model.id, 'Hook three');
  await eventually(async () => expect(at('/ok')).toHaveLength(3));
  const got = at('/ok');
  expect(got.every((r) => r.verified && r.aggregateId === model.id)).toBe(true);
  expect(got.map((r) => r.type)).toEqual(['workspace.model.created.v1', 'workspace.model.renamed.v1', 'workspace.model.renamed.v1']);
  expect(new Set(got.map((r) => r.id)).size).toBe(3);

  const deliveries = await eventually(async () => {
    const data = await log(alice, endpoint.id);
    expect(data.map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
    return data;
  });
  expect(deliveries[0]!.attempts).toEqual([expect.objectContaining({ attempt: 1, statusCode: 200, response: 'thanks', error: null })]);

  // Redeliver one: the same webhook-id again, a second attempt in the log.
  const first = byEvent(deliveries, got[0]!.id);
  await call('redeliver', { actor: alice.actor, body: { id: endpoint.id, deliveryId: first.id } });
  await eventually(async () => expect(at('/ok').filter((r) => r.id === got[0]!.id)).toHaveLength(2));
  await eventually(async () => expect(byEvent(await log(alice, endpoint.id), got[0]!.id).attempts.map((a) => a.attempt)).toEqual([2, 1]));

  const allDelivered = () =>
    eventually(async () => expect((await log(alice, endpoint.id)).map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']));
  await allDelivered();
  // Replay after the first event: the two later ones again; since a time before all: all three.
  expect(await call('replay', { actor: alice.actor, body: { id: endpoint.id, from: { afterEventId: got[0]!.id } } })).toEqual({ queued: 2 });
  await eventually(async () => expect(at('/ok')).toHaveLength(6));
  expect(
    at('/ok')
      .slice(4)
      .map((r) => r.id)
      .sort(),
  ).toEqual([got[1]!.id, got[2]!.id].sort());
  await allDelivered();
  const since = new Date(Date.now() - 60_000).toISOString();
  expect(await call('replay', { actor: alice.actor, body: { id: endpoint.id, from: { since } } })).toEqual({ queued: 3 });
  await eventually(async () => expect(at('/ok')).toHaveLength(9));
  expect(await fails('replay', { actor: alice.actor, body: { id: endpoint.id, from: { afterEventId: 'no-such-event' } } })).toMatchObject({
    statusCode: 400,
    message: WEBHOOK_MESSAGES.replayEventUnknown,
  });
  // Every delivery was sent once per attempt: 9 arrivals, 9 attempts logged, none twice by the two instances (once
  // all are recorded: an attempt is recorded after its answer).
  await allDelivered();
  const attempts = (await log(alice, endpoint.id)).flatMap((d) => d.attempts);
  expect(attempts).toHaveLength(9);
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM integrations.webhook_attempts a
    JOIN integrations.webhook_deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = ${endpoint.id}`.execute(env.workspace.db);
  expect(Number(rows[0]!.n)).toBe(9);
});

it('retries a failing receiver with back-off until it answers; an ordered endpoint holds a record’s later event meanwhile', async () => {
  const alice = await aUser(env.workspace.rpc);
  behaviour.set('/flaky', [500, 503, 200]);
  const endpoint = await subscribe(alice, '/flaky', { ordered: true });
  const model = await aModel(env.workspace.rpc, alice, { name: 'Flaky one' });
  await rename(alice, model.id, 'Flaky two');
  await eventually(async () => {
    const data = await log(alice, endpoint.id);
    expect(data.map((d) => d.status).sort()).toEqual(['delivered', 'delivered']);
  });
  const got = at('/flaky');
  // The created event: 500, 503, then 200; only then the rename (it waited for the earlier one of its record).
  expect(got.map((r) => r.type)).toEqual([
    'workspace.model.created.v1',
    'workspace.model.created.v1',
    'workspace.model.created.v1',
    'workspace.model.renamed.v1',
  ]);
  const created = byEvent(await log(alice, endpoint.id), got[0]!.id);
  expect(created.attempts.map((a) => a.statusCode)).toEqual([200, 503, 500]);
  expect(created.attempts[1]!.response.length).toBeLessThanOrEqual(1024);
  expect(created.attempts[1]!.durationMs).toBeGreaterThanOrEqual(0);
});

it('refuses a redirect (to loopback) and an address that turned private at delivery time', async () => {
  const alice = await aUser(env.workspace.rpc);
  const redirecting = await subscribe(alice, '/redirect');
  const model = await aModel(env.workspace.rpc, alice, { name: 'Redirected' });
  await eventually(async () => expect(at('/redirect').length).toBeGreaterThanOrEqual(1));
  const [delivery] = await eventually(async () => {
    const data = await log(alice, redirecting.id);
    expect(data[0]?.attempts.length).toBeGreaterThanOrEqual(1);
    return data;
  });
  expect(delivery!.attempts.at(-1)).toMatchObject({ statusCode: 302 });
  expect(delivery!.status).not.toBe('delivered');

  // The address now points inside (as a name rebound to 127.0.0.1 would): checked again, nothing is sent.
  const moved = await subscribe(alice, '/moved');
  await sql`UPDATE integrations.webhook_endpoints SET url = ${`https://127.0.0.1:${loopbackPort}/moved`} WHERE id = ${moved.id}`.execute(env.workspace.db);
  await rename(alice, model.id, 'Redirected two');
  await eventually(async () => {
    const data = await log(alice, moved.id);
    expect(data[0]?.attempts[0]?.error).toBe(WEBHOOK_MESSAGES.urlForbidden);
  });
  expect(loopbackHits).toBe(0);
});

it('stops deliveries about a model once its share is revoked (checked at delivery time)', async () => {
  const owner = await aUser(env.workspace.rpc);
  const friend = await aUser(env.workspace.rpc);
  const endpoint = await subscribe(friend, '/friend', { eventTypes: ['workspace.model.renamed.v1'] });
  const model = await aModel(env.workspace.rpc, owner, { name: 'Shared one' });
  const shared = await env.workspace.rpc.call('shareModel', {
    actor: owner.actor,
    body: { id: model.id, changes: { email: friend.user.email, role: 'viewer' } },
  });
  await rename(owner, model.id, 'Shared two');
  await eventually(async () => expect(at('/friend').filter((r) => r.aggregateId === model.id)).toHaveLength(1));

  await env.workspace.rpc.call('removeShare', { actor: owner.actor, body: { id: shared.data[0]!.id } });
  await rename(owner, model.id, 'Shared three');
  // The later rename is not the friend's to see: once the worker has passed it in the journal, no delivery exists for it.
  await eventually(async () => {
    const { rows } = await sql<{ passed: boolean }>`SELECT f.position >= j.position AS passed FROM integrations.webhook_fanout f,
      integrations.event_journal j WHERE j.type = 'workspace.model.renamed.v1' AND j.event->>'aggregateId' = ${model.id}
      ORDER BY j.position DESC LIMIT 1`.execute(env.workspace.db);
    expect(rows[0]?.passed).toBe(true);
  });
  const [only] = await log(friend, endpoint.id);
  expect((await log(friend, endpoint.id)).map((d) => d.status)).toEqual(['delivered']);
  // Sent again now, the earlier one is checked at delivery time too: not sent.
  await call('redeliver', { actor: friend.actor, body: { id: endpoint.id, deliveryId: only!.id } });
  await eventually(async () => expect((await log(friend, endpoint.id)).map((d) => d.status)).toEqual(['skipped']));
  expect(at('/friend').filter((r) => r.aggregateId === model.id)).toHaveLength(1);
});

it('disables an endpoint after its whole schedule failed, tells its owner, and lets them enable it again', async () => {
  const alice = await aUser(env.workspace.rpc);
  behaviour.set('/dead', [500]);
  const endpoint = await subscribe(alice, '/dead');
  await aModel(env.workspace.rpc, alice, { name: 'Dead letter' });
  await eventually(async () => {
    const one = await call('get', { actor: alice.actor, body: { id: endpoint.id } });
    expect(one).toMatchObject({ enabled: false, disabledReason: WEBHOOK_MESSAGES.disabledAfterRetries });
  });
  const [delivery] = await log(alice, endpoint.id);
  expect(delivery).toMatchObject({ status: 'failed' });
  // The first attempt and one per configured wait (150ms, 300ms): three, each once.
  expect(delivery!.attempts.map((a) => a.attempt)).toEqual([3, 2, 1]);
  expect(at('/dead')).toHaveLength(3);
  await eventually(async () => {
    const page = await env.workspace.rpc.call('listNotifications', { actor: alice.actor, body: {} });
    expect(page.data.map((n) => n.type)).toContain('webhook.disabled');
  });
  const enabled = await call('update', { actor: alice.actor, body: { id: endpoint.id, changes: { enabled: true } } });
  expect(enabled).toMatchObject({ enabled: true, disabledReason: null });
});

it('replays every later event once where the journal positions gain a digit (text order is not position order there)', async () => {
  const alice = await aUser(env.workspace.rpc);
  const endpoint = await subscribe(alice, '/digits');
  // The journal's next positions cross a power of ten: …9998, …9999, 1…0000, 1…0001 (as text, "10000" < "9999").
  const { rows } = await sql<{ end: string }>`SELECT coalesce(max(position), 0)::text AS end FROM integrations.event_journal`.execute(env.workspace.db);
  const power = 10 ** String(Number(rows[0]!.end) + 10).length;
  await sql`SELECT setval('integrations.event_journal_position_seq', ${power - 4})`.execute(env.workspace.db);
  const model = await aModel(env.workspace.rpc, alice, { name: 'Digits 0' });
  for (let i = 1; i <= 5; i++) await rename(alice, model.id, `Digits ${i}`);
  await eventually(async () => expect(at('/digits')).toHaveLength(6));
  const got = at('/digits');
  const { rows: positions } = await sql<{ p: string }>`SELECT position::text AS p FROM integrations.event_journal
    WHERE event_id IN (${sql.join(got.map((r) => r.id))}) ORDER BY position`.execute(env.workspace.db);
  expect(Number(positions[0]!.p)).toBeLessThan(power);
  expect(Number(positions[5]!.p)).toBeGreaterThanOrEqual(power);
  await eventually(async () => expect((await log(alice, endpoint.id)).map((d) => d.status)).toEqual(Array(6).fill('delivered')));

  // After the first: the five later ones, each once.
  expect(await call('replay', { actor: alice.actor, body: { id: endpoint.id, from: { afterEventId: got[0]!.id } } })).toEqual({ queued: 5 });
  await eventually(async () => expect(at('/digits')).toHaveLength(11));
  expect(
    at('/digits')
      .slice(6)
      .map((r) => r.id)
      .sort(),
  ).toEqual(
    got
      .slice(1)
      .map((r) => r.id)
      .sort(),
  );
  await eventually(async () => expect((await log(alice, endpoint.id)).map((d) => d.status)).toEqual(Array(6).fill('delivered')));
});

it('makes its wake-up connection again when Postgres drops it, and keeps delivering', async () => {
  // Each instance LISTENs on one connection of its own (PgWebhookWakeups); the 1 s poll only covers a gap.
  const listeners = async () =>
    (
      await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE ${`LISTEN %integrations_webhooks%`}`.execute(env.workspace.db)
    ).rows.map((r) => r.pid);
  const before = await eventually(async () => {
    const pids = await listeners();
    expect(pids).toHaveLength(2);
    return pids;
  });
  await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = ANY(${before}::int[])`.execute(env.workspace.db);
  await eventually(async () => {
    const pids = await listeners();
    expect(pids).toHaveLength(2);
    expect(pids.filter((pid) => before.includes(pid))).toEqual([]);
  });

  const alice = await aUser(env.workspace.rpc);
  await subscribe(alice, '/after-loss');
  const model = await aModel(env.workspace.rpc, alice, { name: 'After the loss' });
  await eventually(async () => expect(at('/after-loss').map((r) => r.aggregateId)).toEqual([model.id]));
});
