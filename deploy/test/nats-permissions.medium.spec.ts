import 'reflect-metadata';
import type { INestMicroservice, Type } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { connect, Events, NatsConnection, NatsError } from 'nats';
import { requestPacket, signedRequest } from '../../services/kit/src/rpc/signed-request';
import { findNatsServer, loadNatsPasswords, StartedNats, startNatsServer, writeNatsAuthConfig } from '../src/nats';
import { NatsUser } from '../src/nats-auth';
import { createDatabase, dropDatabase } from '../src/postgres';
import { freePort } from '../src/stack';

/**
 * The NATS users of deploy/nats (nats-auth.ts) on a real nats-server, started as `npm start` starts it
 * (its own port, a temp store): a service's credentials cannot call another service, forge a BFF
 * request or publish to another stream, while the real workspace service works under its own user and
 * the BFF's user can call it and read its stream.
 */
const namespace = `p${randomBytes(4).toString('hex')}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-nats-perm-'));
const subject = (s: string) => `${namespace}.${s}`;
const stream = `${namespace}_WORKSPACE_EVENTS`;
const SERVER_DB = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let nats: StartedNats;
let passwords: Record<NatsUser, string>;
let databaseUrl: string | undefined;
let app: INestMicroservice | undefined;
const connections: NatsConnection[] = [];

async function connectAs(user: NatsUser): Promise<NatsConnection> {
  const nc = await connect({ servers: nats.url, user, pass: passwords[user], name: `perm-test-${user}` });
  connections.push(nc);
  return nc;
}

/** A Nest NATS request, as the BFF sends it (with its proof, ADR 0040: these tests are about NATS users). */
function packet(pattern: string, data: unknown): string {
  return JSON.stringify({ pattern, data, id: 'perm-test' });
}

/** The permission errors the server reports to this connection (nats.js hands them to status()). */
function permissionErrors(nc: NatsConnection): string[] {
  const seen: string[] = [];
  void (async () => {
    for await (const status of nc.status()) if (status.type === Events.Error) seen.push(String(status.data));
  })();
  return seen;
}

beforeAll(async () => {
  const binary = findNatsServer();
  if (!binary) throw new Error('nats-server not found (sudo apt-get install nats-server)');
  passwords = loadNatsPasswords(path.join(dir, 'nats-passwords.json'));
  const configFile = path.join(dir, 'nats-users.conf');
  writeNatsAuthConfig(configFile, namespace, passwords);
  nats = await startNatsServer({ binary, storeDir: path.join(dir, 'store'), port: await freePort(), configFile, log: () => undefined });

  databaseUrl = await createDatabase(SERVER_DB, `kiln_natsperm_${randomBytes(4).toString('hex')}`);
  // The service reads its settings when its modules load: set them first, then require the modules.
  const config = { databaseUrl, natsUrl: nats.url, namespace, natsUser: 'workspace', natsPassword: passwords.workspace };
  Object.assign(process.env, {
    KILN_NAMESPACE: namespace,
    DATABASE_URL: databaseUrl,
    NATS_URL: nats.url,
    NATS_USER: config.natsUser,
    NATS_PASSWORD: config.natsPassword,
  });
  const { startService } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
  const { WorkspaceModule } = require('../../services/workspace/src/workspace.module') as { WorkspaceModule: Type<unknown> };
  app = await startService('workspace', WorkspaceModule, config);
}, 60_000);

afterAll(async () => {
  await app?.close().catch((e) => console.error('closing the workspace service:', e));
  for (const nc of connections) await nc.close().catch(() => undefined);
  await nats?.stop();
  if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** Sends a Nest NATS request and answers its reply packet. */
async function call(nc: NatsConnection, name: string, data: unknown): Promise<{ response?: any; err?: any }> {
  return requestPacket(nc, subject(name), data, { timeout: 15_000 }) as Promise<{ response?: any; err?: any }>;
}

/** How a request from `nc` ends: its answer, or the error nats.js reports. */
async function attempt(nc: NatsConnection, name: string): Promise<string> {
  return signedRequest(nc, subject(name), packet(subject(name), {}), { timeout: 2000 }).then(
    (m) => `answered: ${m.string()}`,
    (e: NatsError) => `${e.code}: ${e.message}`,
  );
}

describe("a service's credentials (workspace)", () => {
  let ws: NatsConnection;
  beforeAll(async () => {
    ws = await connectAs('workspace');
  });

  it('cannot call another service', async () => {
    expect(await attempt(ws, 'rpc.commerce.health')).toBe(`PERMISSIONS_VIOLATION: 'Permissions Violation for Publish to "${subject('rpc.commerce.health')}"'`);
  });

  it('cannot forge a BFF request, not even to its own service', async () => {
    expect(await attempt(ws, 'rpc.workspace.model.create')).toMatch(/^PERMISSIONS_VIOLATION: .*Publish to/);
    expect(await attempt(ws, 'rpc.workspace.auth.register')).toMatch(/^PERMISSIONS_VIOLATION: .*Publish to/);
  });

  it("cannot listen to another service's requests", async () => {
    const sub = ws.subscribe(subject('rpc.commerce.>'));
    const outcome = await (async () => {
      try {
        for await (const _ of sub) return 'received a message';
        return 'closed without error';
      } catch (error) {
        return `${(error as NatsError).code}: ${(error as Error).message}`;
      }
    })();
    expect(outcome).toMatch(/^PERMISSIONS_VIOLATION: .*Subscription to "[^"]+rpc\.commerce\.>"/);
  });

  it("cannot publish to another service's stream", async () => {
    const admin = await connectAs('admin');
    const seen: string[] = [];
    const watch = admin.subscribe(subject('evt.commerce.>'), { callback: (_e, m) => seen.push(m.subject) });
    await admin.flush();
    const errors = permissionErrors(ws);
    ws.publish(subject('evt.commerce.order.placed.v1'), '{}');
    await ws.flush();
    admin.publish(subject('evt.commerce.control'), '{}'); // the admin may: shows the watch works
    await admin.flush();
    await new Promise((resolve) => setTimeout(resolve, 300));
    watch.unsubscribe();
    expect(seen).toEqual([subject('evt.commerce.control')]);
    expect(errors).toContain('PERMISSIONS_VIOLATION');
  });
});

describe('the workspace service under its own user', () => {
  let bff: NatsConnection;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    bff = await connectAs('bff');
  });

  it('answers a request of the BFF user', async () => {
    const health = await call(bff, 'rpc.workspace.health', {});
    expect(health.response).toMatchObject({ service: 'workspace', status: 'ok', database: true, nats: true });
  });

  it('publishes its events (outbox relay) and its projections consume them', async () => {
    const email = `perm-${randomBytes(4).toString('hex')}@example.com`;
    const registered = await call(bff, 'rpc.workspace.auth.register', { body: { email, password: 'correct horse', fullName: 'Perm Ission' }, ip: '127.0.0.1' });
    expect(registered.err ?? null).toBeNull();
    ({ token } = registered.response);
    userId = registered.response.user.id;
    const created = await call(bff, 'rpc.workspace.model.create', { actor: { userId }, body: { name: 'Under permissions' } });
    expect(created.err ?? null).toBeNull();

    // The list reads only the read model: the projection consumed the event the relay published.
    const deadline = Date.now() + 10_000;
    let names: string[] = [];
    while (Date.now() < deadline) {
      const list = await call(bff, 'rpc.workspace.model.list', { actor: { userId }, body: {} });
      names = (list.response?.data ?? []).map((m: { name: string }) => m.name);
      if (names.includes('Under permissions')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(names).toContain('Under permissions');
    expect(token).toEqual(expect.any(String));
  });

  it('lets the BFF user read the stream through an ordered consumer', async () => {
    // From the first message (an ordered consumer's default; nats-server 2.9 refuses DeliverPolicy.All with it).
    const consumer = await bff.jetstream().consumers.get(stream);
    const subjects: string[] = [];
    for (let i = 0; i < 20 && !subjects.includes(subject('evt.workspace.model.created.v1')); i++) {
      const message = await consumer.next({ expires: 2000 });
      if (!message) break;
      subjects.push(message.subject);
    }
    expect(subjects).toContain(subject('evt.workspace.model.created.v1'));
  });

  it("does not let the BFF user create durable consumers or delete a service's stream", async () => {
    const errors = permissionErrors(bff);
    expect(await attempt(bff, 'rpc.workspace.health')).toMatch(/^answered/);
    bff.publish(`$JS.API.CONSUMER.DURABLE.CREATE.${stream}.stolen`, '{}');
    bff.publish(`$JS.API.STREAM.DELETE.${stream}`, '');
    await bff.flush();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(errors.filter((e) => e === 'PERMISSIONS_VIOLATION')).toHaveLength(2);
  });
});
