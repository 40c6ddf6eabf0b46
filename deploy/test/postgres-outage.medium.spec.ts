import { COMMON_MESSAGES } from '@kiln/contracts';
import { randomBytes } from 'node:crypto';
import * as net from 'node:net';
import { freePort, Stack, startStack, throwawayStackOptions } from '../src/stack';

/**
 * A PostgreSQL outage under load, caused without touching the machine's shared Postgres: the stack
 * reaches it through a TCP proxy of this test, which is cut (every connection reset, new ones refused,
 * as when Postgres stops) and restored. A store that is away is temporary (ADR 0046): while it lasts
 * commands and reads alike are answered 503 with Retry-After and a sentence for people, never 500, and
 * `/api/health` says down (and, to the operator, which databases); afterwards creates work again within
 * 5 s and every create that was answered 201 is there.
 */
const OUTAGE_MS = 12_000;
const SERVER_DB = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const HEALTH_TOKEN = randomBytes(24).toString('hex');

/** A TCP proxy to Postgres that can be cut and restored. */
class CuttableProxy {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** Refuses new connections and resets every open one. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = server ? new Promise((resolve) => server.close(resolve)) : Promise.resolve();
    for (const socket of this.sockets) socket.resetAndDestroy();
    await closed;
  }
}

let proxy: CuttableProxy;
let stack: Stack;

beforeAll(async () => {
  const server = new URL(SERVER_DB);
  proxy = new CuttableProxy(await freePort(), { host: server.hostname, port: Number(server.port || 5432) });
  await proxy.open();
  server.hostname = '127.0.0.1';
  server.port = String(proxy.port);
  const options = throwawayStackOptions('pgoutage');
  stack = await startStack({
    ...options,
    env: { ...options.env, KILN_HEALTH_TOKEN: HEALTH_TOKEN },
    databaseUrl: server.toString(),
    log: () => undefined,
    childLog: () => undefined,
  });
}, 180_000);

afterAll(async () => {
  await proxy?.open().catch(() => undefined); // the stack drops its database through it
  await stack?.stop();
  await proxy?.cut();
}, 60_000);

interface Answer {
  status: number;
  body: any;
  retryAfter: string | null;
}

async function api(method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: {
      origin: stack.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, retryAfter: response.headers.get('retry-after') };
}

it('answers 503 with Retry-After and a sentence, commands and reads alike, while Postgres is away, and serves again after', async () => {
  const user = await api('POST', '/api/auth/register', {
    email: `pg-outage-${randomBytes(5).toString('hex')}@example.com`,
    password: 'correct horse',
    fullName: 'Pg Out',
  });
  expect(user.status).toBe(201);
  const token: string = user.body.token;
  expect((await api('POST', '/api/workspace/model', { name: 'Before the outage' }, token)).status).toBe(201);

  // Load: a few people's worth of creates and reads, back to back, through the whole outage.
  const created: string[] = [];
  const during: { kind: 'create' | 'read'; answer: Answer }[] = [];
  let phase: 'before' | 'down' | 'after' = 'before';
  let stop = false;
  let n = 0;
  const worker = async (kind: 'create' | 'read') => {
    while (!stop) {
      const name = `Load ${n++}`;
      const sentIn = phase;
      const answer = await (
        kind === 'create' ? api('POST', '/api/workspace/model', { name }, token) : api('GET', '/api/workspace/model?limit=5', undefined, token)
      ).catch((error: Error) => ({ status: 0, body: error.message, retryAfter: null }));
      if (kind === 'create' && answer.status === 201) created.push(name);
      if (sentIn === 'down' && phase === 'down') during.push({ kind, answer });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const workers = [worker('create'), worker('create'), worker('read')];
  await new Promise((resolve) => setTimeout(resolve, 1000));

  await proxy.cut();
  phase = 'down';
  const down = Date.now();
  // Health says down: to anyone just that, to the operator which databases.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const anonymous = await api('GET', '/api/health');
  const operator = await api('GET', '/api/health', undefined, HEALTH_TOKEN);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - down))));
  phase = 'after';
  await proxy.open();
  const back = Date.now();

  let servedAfter = -1;
  while (Date.now() - back < 30_000) {
    const answer = await api('POST', '/api/workspace/model', { name: `After ${Date.now() - back}` }, token);
    if (answer.status === 201) {
      created.push(answer.body.name);
      servedAfter = Date.now() - back;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop = true;
  await Promise.all(workers);

  const tally = (kind: string) => {
    const counts: Record<string, number> = {};
    for (const d of during.filter((x) => x.kind === kind)) counts[d.answer.status] = (counts[d.answer.status] ?? 0) + 1;
    return JSON.stringify(counts);
  };
  console.log(
    `[postgres-outage] during the outage: creates ${tally('create')}, reads ${tally('read')}; a create served again ${servedAfter} ms after Postgres came back`,
  );

  expect(anonymous.status).toBe(503);
  expect(anonymous.body).toEqual({ status: 'down' });
  expect(operator.status).toBe(503);
  expect(operator.body.errors).toEqual(expect.arrayContaining([{ path: 'workspace.database', message: 'The workspace service cannot reach its database.' }]));

  // Answered while it was away (begun and ended within the outage): each a 503 that says so, none a 500.
  const away = (kind: string) => during.filter((d) => d.kind === kind && d.answer.status !== 201 && d.answer.status !== 200);
  expect(away('create').length).toBeGreaterThan(0);
  expect(away('read').length).toBeGreaterThan(0);
  for (const { answer } of [...away('create'), ...away('read')]) {
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ statusCode: 503, message: COMMON_MESSAGES.databaseAway, retryAfter: expect.any(Number) });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  }

  expect(servedAfter).toBeGreaterThanOrEqual(0);
  expect(servedAfter).toBeLessThan(5000);
  // Nothing answered 201 was lost.
  const list = await api('GET', '/api/workspace/model?limit=100&skip=0', undefined, token);
  const names = new Set<string>(list.body.data.map((m: { name: string }) => m.name));
  const missing = [...created, 'Before the outage'].filter((name) => !names.has(name));
  // The list shows at most 100; when more were made, look them up by their total instead.
  if (list.body.total <= 100) expect(missing).toEqual([]);
  else expect(list.body.total).toBeGreaterThanOrEqual(created.length + 1);
}, 180_000);
