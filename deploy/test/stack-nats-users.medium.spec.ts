import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';
import { io, Socket } from 'socket.io-client';
import { NPM_START_HOSTS, Stack, freePort, startStack, throwawayStackOptions } from '../src/stack';
import { eventually } from './support/eventually';

/**
 * `npm start` on a machine without NATS: the runner starts its own nats-server with the users of
 * nats-auth.ts, and the whole product (the services and the BFF, each under its own user) works. The
 * services run in their hosts as `npm start` runs them (ADR 0073): each hosted service connects as itself.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-stack-users-'));
let stack: Stack;
let natsPort: number;

beforeAll(async () => {
  natsPort = await freePort(); // nothing answers there: the runner starts nats-server
  const throwaway = throwawayStackOptions('users');
  const env: NodeJS.ProcessEnv = { ...throwaway.env };
  delete env.NATS_URL;
  stack = await startStack({ ...throwaway, natsPort, dataDir, env, hostServices: NPM_START_HOSTS, log: () => undefined, childLog: () => undefined });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

it('starts its own nats-server with users, kept in the data dir', async () => {
  expect(stack.natsUrl).toBe(`nats://127.0.0.1:${natsPort}`);
  expect(stack.natsCredentials?.user).toBe('admin');
  expect(fs.readFileSync(path.join(dataDir, 'nats-users.conf'), 'utf8')).toContain(`"${stack.namespace}.rpc.>"`);
  expect(fs.statSync(path.join(dataDir, 'nats-passwords.json')).mode & 0o077).toBe(0);
  // Without a user, no connection.
  await expect(connect({ servers: stack.natsUrl, reconnect: false })).rejects.toThrow(/Authorization/i);
});

it('serves: a new user creates a model through the BFF and the services, and the push arrives', async () => {
  const post = async (route: string, body: unknown, token?: string) => {
    const response = await fetch(`${stack.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.url, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const health = await fetch(`${stack.url}/api/health`);
  expect(health.status).toBe(200);
  const email = `users-${randomBytes(5).toString('hex')}@example.com`;
  const user = await post('/api/auth/register', { email, password: 'correct horse', fullName: 'Nats User' });
  expect(user).toMatchObject({ status: 201, body: { token: expect.any(String) } });

  // The BFF reads the workspace stream under its user and pushes the change.
  const socket: Socket = io(stack.url, {
    transports: ['websocket'],
    reconnection: false,
    auth: { token: user.body.token },
    extraHeaders: { origin: stack.url },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const pushed = new Promise<{ verb: string; data: { name: string } }>((resolve) => socket.on('workspace-model', resolve));
    const model = await post('/api/workspace/model', { name: 'Behind permissions' }, user.body.token);
    expect(model).toMatchObject({ status: 201, body: { name: 'Behind permissions' } });
    expect(await pushed).toMatchObject({ verb: 'create', data: { name: 'Behind permissions' } });
    // The integrations service journals it under its own user (durable consumers, the audience question; ADR 0066).
    const events = await fetch(`${stack.url}/api/events?types=workspace.model.created.v1&wait=10`, { headers: { authorization: `Bearer ${user.body.token}` } });
    expect(await events.json()).toMatchObject({ events: [{ event: { type: 'workspace.model.created.v1', data: { model: { name: 'Behind permissions' } } } }] });
    // The analytics consumer counts it under its own read-only user (ADR 0068).
    const db = new Client({ connectionString: stack.adminDatabaseUrl });
    await db.connect();
    try {
      await eventually(async () => {
        const { rows } = await db.query(`SELECT scope_id, count::int FROM analytics.daily_counts WHERE metric = 'models.created'`);
        expect(rows).toEqual([{ scope_id: user.body.user.id, count: 1 }]);
      }, 20_000);
    } finally {
      await db.end();
    }
  } finally {
    socket.close();
  }
}, 60_000);
