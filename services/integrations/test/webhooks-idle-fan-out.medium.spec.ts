import { WebhooksRpc } from '@kiln/contracts';
import { nsSubject, requestPacket } from '@kiln/service-kit';
import { sql } from 'kysely';
import { Client } from 'pg';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { aModel, aUser } from '../../workspace/test/support/builders';
import { eventually } from '../../workspace/test/support/test-env';
import { IntegrationsEnv, startIntegrations } from './support/integrations-env';

// ADR 0067 (last point): with no enabled endpoint, the fan-out moves its cursor to the journal's end in one
// statement, reading no event; an endpoint subscribed afterwards gets the events from then on only.
jest.setTimeout(30_000);

const RECEIVER_HOST = '127.0.0.2';
process.env.KILN_SECRETS_KEY = 'medium-test-secrets-key';
process.env.KILN_WEBHOOK_ALLOW_HOSTS = RECEIVER_HOST;
process.env.KILN_WEBHOOK_IDLE_POLL_MS = '40';

const received: string[] = [];
let receiver: Server;
let env: IntegrationsEnv;
beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { aggregateId: string }).aggregateId);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, RECEIVER_HOST, resolve));
  env = await startIntegrations(2);
});
afterAll(async () => {
  await env?.stop();
  receiver?.close();
});

const position = async (query: ReturnType<typeof sql<{ p: string | null }>>) => (await query.execute(env.workspace.db)).rows[0]?.p ?? null;
const journalEnd = () => position(sql<{ p: string | null }>`SELECT max(position)::text AS p FROM integrations.event_journal`);
const fanOutCursor = () => position(sql<{ p: string | null }>`SELECT position::text AS p FROM integrations.webhook_fanout WHERE id = 'main'`);

async function call(name: 'create' | 'update', data: unknown): Promise<{ id: string }> {
  const packet = await requestPacket(env.workspace.nc, nsSubject(WebhooksRpc[name].subject, env.workspace.namespace), data, { timeout: 10_000 });
  if (packet.err !== undefined && packet.err !== null) throw new Error(`${name}: ${JSON.stringify(packet.err)}`);
  return packet.response as { id: string };
}
const journaled = (modelId: string) =>
  eventually(async () =>
    expect((await sql`SELECT 1 FROM integrations.event_journal WHERE event->'data'->'model'->>'id' = ${modelId}`.execute(env.workspace.db)).rows).not.toEqual(
      [],
    ),
  );

it('queues nothing while no endpoint is enabled, its cursor following the journal’s end; an endpoint gets what comes after it only', async () => {
  const alice = await aUser(env.workspace.rpc);
  const before = await aModel(env.workspace.rpc, alice, { name: 'Before any endpoint' });
  await journaled(before.id);

  const endpoint = await call('create', {
    actor: alice.actor,
    body: { url: `http://${RECEIVER_HOST}:${(receiver.address() as AddressInfo).port}/idle`, eventTypes: ['workspace.model.created.v1'] },
  });
  const after = await aModel(env.workspace.rpc, alice, { name: 'After the endpoint' });
  await eventually(async () => expect(received).toEqual([after.id]));

  // Disabled: the only endpoint, so the fan-out is idle again and its cursor follows the journal's end.
  await call('update', { actor: alice.actor, body: { id: endpoint.id, changes: { enabled: false } } });
  const unheard = await aModel(env.workspace.rpc, alice, { name: 'While disabled' });
  await journaled(unheard.id);
  await eventually(async () => expect(await fanOutCursor()).toBe(await journalEnd()));
  expect((await sql`SELECT 1 FROM integrations.webhook_deliveries`.execute(env.workspace.db)).rows).toHaveLength(1);
  expect(received).toEqual([after.id]);
});

// Two instances of everything: the fan-out must not move past events an endpoint committing meanwhile wants.
it('gives an endpoint whose creation commits while the fan-out moves on every event after its start', async () => {
  const { WEBHOOK_ENDPOINTS } = require('../src/webhooks/ports/webhook-endpoints.port') as typeof import('../src/webhooks/ports/webhook-endpoints.port');
  const { newWebhookSecret } = require('../src/webhooks/webhook-signature') as typeof import('../src/webhooks/webhook-signature');
  const { SECRET_BOX, newId } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
  const endpoints = env.instances[0]!.get<import('../src/webhooks/ports/webhook-endpoints.port').WebhookEndpoints>(WEBHOOK_ENDPOINTS);
  const box = env.instances[0]!.get<import('@kiln/service-kit').SecretBox>(SECRET_BOX);
  const bob = await aUser(env.workspace.rpc);
  await journaled((await aModel(env.workspace.rpc, bob, { name: 'Before the race' })).id);
  await eventually(async () => expect(await fanOutCursor()).toBe(await journalEnd()));

  // Another connection holds an uncommitted row with the endpoint's id: the creation reads its start (the
  // journal's end), then waits on that row before it can commit.
  const at = new Date();
  const id = newId(at);
  const blocker = new Client({ connectionString: env.workspace.databaseUrl });
  await blocker.connect();
  await blocker.query('BEGIN');
  await blocker.query(
    `INSERT INTO integrations.webhook_endpoints (id, owner_id, scope, url, event_types, secret_sealed, enabled, created_at, updated_at)
     VALUES ($1, $2, 'personal', 'https://hooks.example.com/blocker', ARRAY['workspace.model.created.v1'], 'sealed', false, now(), now())`,
    [id, bob.actor.userId],
  );
  const creating = endpoints.create({
    id,
    ownerId: bob.actor.userId,
    scope: 'personal',
    teamId: null,
    projectId: null,
    url: `http://${RECEIVER_HOST}:${(receiver.address() as AddressInfo).port}/race`,
    description: '',
    eventTypes: ['workspace.model.created.v1'],
    ordered: false,
    secretSealed: box.seal(newWebhookSecret()),
    enabled: true,
    disabledReason: null,
    disabledAt: null,
    createdAt: at,
    updatedAt: at,
  });
  try {
    // Meanwhile an event comes, and the fan-out of both instances (polling every 40 ms) has time to move on.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const during = await aModel(env.workspace.rpc, bob, { name: 'While the endpoint is made' });
    await journaled(during.id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await blocker.query('ROLLBACK');
    await creating;
    await eventually(async () => expect(received).toContain(during.id));
  } finally {
    await blocker.end();
  }
}, 60_000);
