import { eventually } from '../../deploy/test/support/eventually';
import { connect as connectNats, JetStreamClient, JetStreamManager, NatsConnection } from 'nats';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { Socket } from 'socket.io-client';
import { Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';
import { collectPushes, openSocket } from './support/sockets';

/**
 * The live-update path under attack and faults, over the whole real stack: a foreign origin, too many
 * sockets for one user, an expiring session, and stale, redelivered or unparsable events put straight
 * into the stream. Only what should reach the browser does.
 */
const MAX_SOCKETS = 3;
/** Health's details are for the operator (ADR 0042). */
const HEALTH_TOKEN = randomBytes(24).toString('hex');
let stack: Stack;
let nats: NatsConnection;
let js: JetStreamClient;
let jsm: JetStreamManager;
let db: Client;
const sockets: Socket[] = [];

beforeAll(async () => {
  stack = await startStack({
    ...throwawayStackOptions('rt'),
    env: { ...process.env, KILN_MAX_SOCKETS_PER_USER: String(MAX_SOCKETS), KILN_HEALTH_TOKEN: HEALTH_TOKEN },
    log: () => undefined,
    childLog: () => undefined,
  });
  nats = await connectNats({ servers: stack.natsUrl });
  js = nats.jetstream();
  jsm = await nats.jetstreamManager();
  db = new Client({ connectionString: stack.databaseUrl });
  await db.connect();
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await db?.end();
  await nats?.close();
  await stack?.stop();
}, 60_000);

async function http(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { origin: stack.url };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack.url}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function signUp() {
  const email = `rt-${randomBytes(5).toString('hex')}@example.com`;
  const answer = await http('POST', '/api/auth/register', { body: { email, password: 'correct horse', fullName: 'Live Person' } });
  expect(answer.status).toBe(201);
  return { token: answer.body.token as string, user: answer.body.user as { id: string } };
}

/** A socket as a browser page opens it: with the session and the page's origin (the app's own by default). */
const connect = (token: string, headers: Record<string, string> = { origin: stack.url }) => openSocket(stack.url, sockets, { token, headers });
const collect = collectPushes;

const subject = (type: string) => `${stack.namespace}.evt.${type}`;
const streamName = () => `${stack.namespace}_WORKSPACE_EVENTS`;

/** An event as the workspace service would publish it, about `model` (a pushed model) at `version`. */
function modelEvent(type: string, model: any, version: number, name = model.name) {
  const { userRole: _role, ...snapshot } = model;
  return {
    eventId: randomBytes(12).toString('hex'),
    type,
    aggregateType: 'model',
    aggregateId: model.id,
    occurredAt: new Date().toISOString(),
    actorId: model.authorId,
    correlationId: randomBytes(8).toString('hex'),
    causationId: null,
    data: { model: { ...snapshot, name, version }, ...(type.endsWith('renamed.v1') ? { previousName: model.name } : {}) },
  };
}

/** Straight into the stream, as a redelivery or a late event would come (no Nats-Msg-Id: JetStream must not dedupe it). */
async function publish(type: string, body: unknown): Promise<void> {
  await js.publish(subject(type), typeof body === 'string' ? body : JSON.stringify(body));
}

describe('socket handshake', () => {
  it('refuses a page on a foreign origin (or, without Origin, a foreign Referer) and lets the app itself in', async () => {
    const { token } = await signUp();
    await expect(connect(token, { origin: 'http://evil.example' })).rejects.toThrow('This origin may not open live connections.');
    await expect(connect(token, { referer: 'http://evil.example/page' })).rejects.toThrow('This origin may not open live connections.');
    expect((await connect(token)).connected).toBe(true);
    expect((await connect(token, { referer: `${stack.url}/models` })).connected).toBe(true);
  });

  it(`refuses a user's socket over the limit of ${MAX_SOCKETS}, and lets one in again after one closes`, async () => {
    const { token } = await signUp();
    const open = [];
    for (let i = 0; i < MAX_SOCKETS; i++) open.push(await connect(token));
    const refused = await connect(token).catch((error: Error & { data?: unknown }) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toBe(`Too many live connections for this account (at most ${MAX_SOCKETS}). Close other tabs and try again.`);
    expect((refused as Error & { data?: unknown }).data).toMatchObject({ statusCode: 429 });
    // Another user is not affected.
    expect((await connect((await signUp()).token)).connected).toBe(true);

    open[0].close();
    await eventually(async () => expect((await connect(token)).connected).toBe(true));
  });

  it('drops the socket when its session expires', async () => {
    const { token, user } = await signUp();
    await db.query(`update workspace.sessions set expires_at = now() + interval '2 seconds' where user_id = $1`, [user.id]);
    const socket = await connect(token);
    const reason = await new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect(reason).toBe('io server disconnect');
    await expect(connect(token)).rejects.toThrow('Please sign in.');
  }, 30_000);
});

describe('event feed', () => {
  /** A model created and renamed through the API, with both pushes seen by the owner's socket. */
  async function renamedModel() {
    const { token } = await signUp();
    const seen = collect(await connect(token));
    const created = await http('POST', '/api/workspace/model', { token, body: { name: 'Feed gear' } });
    await http('PATCH', `/api/workspace/model/${created.body.id}`, { token, body: { name: 'Feed gear 2' } });
    await eventually(() => expect(seen.map((m) => m.verb)).toEqual(['create', 'update']));
    return { token, seen, model: seen[1].data, id: created.body.id as string };
  }

  it('drops a stale event and a redelivered one; a newer one still arrives', async () => {
    const { seen, model, id } = await renamedModel();
    expect(model.version).toBe(2);
    // The real rename delivered again, then a late rename (an older version under a new event id).
    const lastRename = await jsm.streams.getMessage(streamName(), { last_by_subj: subject('workspace.model.renamed.v1') });
    expect(lastRename.json<{ aggregateId: string }>().aggregateId).toBe(id);
    await js.publish(lastRename.subject, lastRename.data);
    await publish('workspace.model.renamed.v1', modelEvent('workspace.model.renamed.v1', model, 1, 'Stale name'));
    // Then a genuinely newer one: delivered in stream order, so the two above were handled before it.
    await publish('workspace.model.renamed.v1', modelEvent('workspace.model.renamed.v1', model, 3, 'Fresh name'));

    await eventually(() => expect(seen.map((m) => m.data.name)).toEqual(['Feed gear', 'Feed gear 2', 'Fresh name']));
    expect(seen.map((m) => m.data.version)).toEqual([1, 2, 3]);
  });

  it('never brings a deleted model back with a late create or update', async () => {
    const { token, seen, model, id } = await renamedModel();
    await http('DELETE', `/api/workspace/model/${id}`, { token });
    await eventually(() => expect(seen.map((m) => m.verb)).toEqual(['create', 'update', 'delete']));
    await publish('workspace.model.created.v1', modelEvent('workspace.model.created.v1', model, 1));
    await publish('workspace.model.renamed.v1', modelEvent('workspace.model.renamed.v1', model, 2, 'Undead'));
    // A marker that must arrive: the user's next model.
    await http('POST', '/api/workspace/model', { token, body: { name: 'Next gear' } });
    await eventually(() =>
      expect(seen.map((m) => `${m.verb} ${m.data.name}`)).toEqual(['create Feed gear', 'update Feed gear 2', 'delete Feed gear 2', 'create Next gear']),
    );
  });

  it('skips an event that does not parse, counts it in health, and keeps delivering', async () => {
    const { token, seen, model } = await renamedModel();
    const before = (await http('GET', '/api/health', { token: HEALTH_TOKEN })).body.details?.unparsableEventsSkipped as number;
    await publish('workspace.model.created.v1', '{not json');
    // Valid JSON whose model lacks most fields: the old consumer pushed it to the browser as it was.
    await publish('workspace.model.created.v1', {
      ...modelEvent('workspace.model.created.v1', model, 1),
      data: { model: { id: model.id, authorId: model.authorId, name: 42 } },
    });
    await http('POST', '/api/workspace/model', { token, body: { name: 'After poison' } });

    await eventually(() => expect(seen.map((m) => m.data.name)).toEqual(['Feed gear', 'Feed gear 2', 'After poison']));
    const health = await http('GET', '/api/health', { token: HEALTH_TOKEN });
    expect(health.status).toBe(200);
    expect(health.body.details.unparsableEventsSkipped).toBe(before + 2);
  });
});

describe('health', () => {
  it('answers the operator 200 with each service and the live-update feed', async () => {
    const health = await http('GET', '/api/health', { token: HEALTH_TOKEN });
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({
      status: 'up',
      services: expect.arrayContaining([expect.objectContaining({ service: 'workspace', database: true, nats: true })]),
      details: { nats: true, liveUpdates: true },
    });
  });

  // Last: it takes the workspace stream away from this file's stack.
  it('answers 503 naming live updates while the push feed cannot read the stream, and recovers', async () => {
    const { token } = await signUp();
    const seen = collect(await connect(token));
    await http('POST', '/api/workspace/model', { token, body: { name: 'Gap gear' } });
    await eventually(() => expect(seen).toHaveLength(1));
    const model = seen[0].data;
    const { config } = await jsm.streams.info(streamName());
    await jsm.streams.delete(streamName());

    await eventually(async () => {
      const health = await http('GET', '/api/health', { token: HEALTH_TOKEN });
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({
        statusCode: 503,
        message: expect.stringContaining('live updates'),
        errors: expect.arrayContaining([expect.objectContaining({ path: 'bff.liveUpdates' })]),
      });
    });

    await jsm.streams.add(config);
    await eventually(async () => expect((await http('GET', '/api/health')).status).toBe(200));
    // The stream started over, so clients were told to refetch (hung up); a reconnected one hears what is new.
    const again = collect(await connect(token));
    await publish('workspace.model.renamed.v1', modelEvent('workspace.model.renamed.v1', model, 2, 'Gap gear 2'));
    await eventually(() => expect(again.map((m) => m.data.name)).toEqual(['Gap gear 2']));
  });
});
