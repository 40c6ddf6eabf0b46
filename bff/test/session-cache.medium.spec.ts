import type { INestApplication } from '@nestjs/common';
import { connect as connectNats, NatsConnection } from 'nats';
import { createHash, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { eventually } from '../../deploy/test/support/eventually';
import { freePort, Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';

/**
 * The BFF's session cache over the real stack and a second BFF instance (in this process) on the same
 * NATS and database: sessions are answered without asking the workspace again, and a session that ends
 * is refused at once by every instance, not after the cache's safety-net TTL (ten minutes here).
 */
const TTL = '10m';
let stack: Stack;
let second: INestApplication;
let secondUrl: string;
let nats: NatsConnection;
let db: Client;

beforeAll(async () => {
  const options = throwawayStackOptions('sessions');
  stack = await startStack({
    ...options,
    env: { ...options.env, KILN_SESSION_CACHE_TTL: TTL },
    log: () => undefined,
    childLog: () => undefined,
  });
  // The second instance reads the same settings as the first, from this process's environment.
  Object.assign(process.env, { KILN_NAMESPACE: stack.namespace, DATABASE_URL: stack.databaseUrl, NATS_URL: stack.natsUrl, KILN_SESSION_CACHE_TTL: TTL });
  const { startBff } = require('../src/main') as typeof import('../src/main');
  const port = await freePort();
  second = await startBff(port, '/nonexistent-web-dist');
  secondUrl = `http://127.0.0.1:${port}`;
  nats = await connectNats({ servers: stack.natsUrl });
  db = new Client({ connectionString: stack.databaseUrl });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await second?.close();
  await db?.end();
  await nats?.close();
  await stack?.stop();
}, 60_000);

async function get(base: string, path: string, token: string): Promise<number> {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return response.status;
}

async function signUp(): Promise<{ token: string; userId: string }> {
  const response = await fetch(`${stack.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.url },
    body: JSON.stringify({ email: `s-${randomBytes(5).toString('hex')}@example.com`, password: 'correct horse', fullName: 'Cached Person' }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

/** Counts the session questions the BFFs put to the workspace (core NATS: every subscriber hears a request). */
function countResolves(): { count: () => number; stop: () => void } {
  let n = 0;
  const subscription = nats.subscribe(`${stack.namespace}.rpc.workspace.auth.resolve-session`, { callback: () => n++ });
  return { count: () => n, stop: () => subscription.unsubscribe() };
}

it('answers repeated requests of a session without asking the workspace again', async () => {
  const { token } = await signUp();
  const resolves = countResolves();
  await nats.flush();
  for (let i = 0; i < 5; i++) expect(await get(secondUrl, '/api/workspace/model', token)).toBe(200);
  await nats.flush();
  expect(resolves.count()).toBe(1);
  resolves.stop();
});

it('refuses a session signed out on another instance at once, without waiting for the TTL', async () => {
  const { token } = await signUp();
  // Both instances have the session cached (GET /api/auth/me is answered uncached, ADR 0021: a cached route).
  expect(await get(stack.url, '/api/workspace/model', token)).toBe(200);
  expect(await get(secondUrl, '/api/workspace/model', token)).toBe(200);

  const out = await fetch(`${stack.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}`, origin: stack.url } });
  expect(out.status).toBe(200);

  // The revocation travels over NATS: moments, against a ten-minute TTL.
  await eventually(async () => expect(await get(secondUrl, '/api/workspace/model', token)).toBe(401), 2000);
  expect(await get(stack.url, '/api/workspace/model', token)).toBe(401);
});

it('refuses a cached session once it has expired', async () => {
  const { userId } = await signUp();
  // A session ending in two seconds, as if signed in long ago.
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + 2000);
  await db.query('INSERT INTO workspace.sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, now(), $3)', [
    createHash('sha256').update(token).digest('hex'),
    userId,
    expiresAt,
  ]);
  expect(await get(secondUrl, '/api/workspace/model', token)).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt.getTime() - Date.now()) + 50));
  expect(await get(secondUrl, '/api/workspace/model', token)).toBe(401);
});

it('refuses at once on every instance a session the workspace no longer knows once its end is announced', async () => {
  const { token } = await signUp();
  expect(await get(secondUrl, '/api/workspace/model', token)).toBe(200);
  // Ended elsewhere (an operator, a future "sign out everywhere"): the same announcement empties the caches.
  await db.query('DELETE FROM workspace.sessions WHERE token_hash = $1', [createHash('sha256').update(token).digest('hex')]);
  nats.publish(`${stack.namespace}.bff.session.revoked`, JSON.stringify({ room: `session:${createHash('sha256').update(token).digest('hex')}` }));
  await nats.flush();
  await eventually(async () => expect(await get(secondUrl, '/api/workspace/model', token)).toBe(401), 2000);
});
