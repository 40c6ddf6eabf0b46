import { WebhooksRpc } from '@kiln/contracts';
import { nsSubject, requestPacket } from '@kiln/service-kit';
import { sql } from 'kysely';
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
