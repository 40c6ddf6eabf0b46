import { nsSubject, PROOF_HEADER, processRpcSigner, RpcSigner, signedRequest } from '@kiln/service-kit';
import { connect, headers as natsHeaders, NatsConnection } from 'nats';
import { randomBytes, randomUUID } from 'node:crypto';
import { aModel, aUser, SignedUp } from './support/builders';
import { eventually, startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * Security issue 16: a process that merely reaches NATS sent `<ns>.rpc.workspace.model.list` with
 * another person as `actor` and got their private model. Here such a process, on a connection of its
 * own, tries it without a proof, with a made-up one, one signed with another key, an expired one, and a
 * good one replayed with another body or as it was: the service refuses each (ADR 0040), and a request
 * signed with the key still works.
 */
const REFUSAL = { statusCode: 401, message: 'This request did not come from Kiln.' };
let env: WorkspaceTestEnv;
let forger: NatsConnection;
let owner: SignedUp;
let modelId: string;
let subject: string;

beforeAll(async () => {
  env = await startWorkspace();
  subject = nsSubject('rpc.workspace.model.list');
  forger = await connect({ servers: (process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(','), name: 'forger' });
  owner = await aUser(env.rpc);
  modelId = (await aModel(env.rpc, owner, { name: 'Private prototype' })).id;
  // The list reads the read model: wait until the owner sees it the normal way.
  await eventually(async () => {
    const list = await env.rpc.call('listModels', { actor: owner.actor, body: {} });
    expect(list.data.map((m) => m.id)).toContain(modelId);
  });
}, 60_000);

afterAll(async () => {
  await forger?.close();
  await env?.stop();
}, 60_000);

/** Nest's request packet for the owner's model list, as bytes. */
const listPacket = (body: unknown = {}) => Buffer.from(JSON.stringify({ pattern: subject, data: { actor: owner.actor, body }, id: randomUUID() }));

/** Sends `bytes` on the list subject from the forger's connection with this `Kiln-Proof` (none when undefined); the answer's text. */
async function send(bytes: Uint8Array, proof?: string, extra: Record<string, string> = {}): Promise<string> {
  const h = natsHeaders();
  if (proof !== undefined) h.set(PROOF_HEADER, proof);
  for (const [k, v] of Object.entries(extra)) h.set(k, v);
  return (await forger.request(subject, bytes, { timeout: 15_000, headers: h })).string();
}

function expectRefused(answer: string): void {
  expect(answer).not.toContain('Private prototype');
  expect(answer).not.toContain(modelId);
  expect(JSON.parse(answer).err).toEqual(REFUSAL);
}

it('refuses a request that carries no proof', async () => {
  expectRefused(await send(listPacket()));
});

it('refuses a made-up proof', async () => {
  expectRefused(await send(listPacket(), `1.${Date.now() + 20_000}.AAAAAAAAAAAAAAAAAAAAAA.${'A'.repeat(43)}`));
  expectRefused(await send(listPacket(), 'not a proof'));
});

it('refuses a proof made with another key', async () => {
  const stranger = new RpcSigner([Buffer.from(randomBytes(32).toString('hex'))]);
  const bytes = listPacket();
  expectRefused(await send(bytes, stranger.proof(subject, bytes)));
});

it('refuses an expired proof, though made with our key', async () => {
  const bytes = listPacket();
  expectRefused(await send(bytes, processRpcSigner().proof(subject, bytes, Date.now() - 60_000)));
});

it('refuses a proof made for another subject', async () => {
  const bytes = listPacket();
  expectRefused(await send(bytes, processRpcSigner().proof(nsSubject('rpc.workspace.model.get'), bytes)));
});

it('refuses a good proof replayed with another body, and replayed as it was', async () => {
  const bytes = listPacket();
  const proof = processRpcSigner().proof(subject, bytes);
  // Seen on the wire: the same proof with a body naming someone else, or asking for more.
  expectRefused(await send(listPacket({ limit: 100 }), proof));
  const first = JSON.parse(await send(bytes, proof));
  expect(first.response.data.map((m: { id: string }) => m.id)).toContain(modelId);
  expectRefused(await send(bytes, proof));
});

it('refuses a bare-reply request (the BFF form) without a proof, answering in that form', async () => {
  const answer = await forger.request(subject, Buffer.from(JSON.stringify({ actor: owner.actor, body: {} })), {
    timeout: 15_000,
    headers: (() => {
      const h = natsHeaders();
      h.set('Kiln-Reply', 'bare');
      return h;
    })(),
  });
  expect(answer.headers?.get('Kiln-Reply')).toBe('error');
  expect(answer.json()).toEqual(REFUSAL);
});

it('runs nothing for a message without a reply subject (Nest would treat it as an event)', async () => {
  // A delete as a fire-and-forget publish: no proof, so no handler; the model is still there afterwards.
  const del = nsSubject('rpc.workspace.model.delete');
  forger.publish(del, JSON.stringify({ pattern: del, data: { actor: owner.actor, body: { id: modelId } } }));
  await forger.flush();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const list = await env.rpc.call('listModels', { actor: owner.actor, body: {} });
  expect(list.data.map((m) => m.id)).toContain(modelId);
});

it('answers a request signed with the key, bare reply included, and keeps health open', async () => {
  const nest = await signedRequest(forger, subject, listPacket(), { timeout: 15_000 });
  expect(nest.json<{ response: { data: { id: string }[] } }>().response.data.map((m) => m.id)).toContain(modelId);
  const bare = await signedRequest(forger, subject, JSON.stringify({ actor: owner.actor, body: {} }), { timeout: 15_000, headers: { 'Kiln-Reply': 'bare' } });
  expect(bare.headers?.get('Kiln-Reply')).toBe('ok');
  expect(bare.json<{ data: { id: string }[] }>().data.map((m) => m.id)).toContain(modelId);
  const health = nsSubject('rpc.workspace.health');
  const answer = await forger.request(health, JSON.stringify({ pattern: health, data: {}, id: '1' }), { timeout: 15_000 });
  expect(answer.json<{ response: { status: string } }>().response.status).toBe('ok');
});
