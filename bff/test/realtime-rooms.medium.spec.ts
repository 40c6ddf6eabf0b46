import type { INestApplication } from '@nestjs/common';
import { REALTIME_CHANNELS } from '@kiln/contracts';
import { connect as connectNats, JetStreamClient, NatsConnection } from 'nats';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { io, Socket } from 'socket.io-client';
import { freePort, Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';
import { eventually } from '../../deploy/test/support/eventually';
import { aModelSnapshot, anId, modelEvent, ShareStory, TeamStory } from './support/realtime-events';
import { openSocket } from './support/sockets';

/**
 * Live updates by team and share (ADR 0019) over the real stack and a SECOND BFF instance (in this process)
 * on the same NATS and database: each instance reads every event itself and moves its own sockets between
 * rooms, so a member added or removed, or a share given or taken back, counts at once on every instance
 * and every tab. Membership events are put into the stream as the workspace publishes them (contract-valid,
 * checked by the builders); the rooms a socket joins on connect come from the workspace's state tables.
 */
const HEALTH_TOKEN = randomBytes(24).toString('hex');
let stack: Stack;
let second: INestApplication;
let secondUrl: string;
let nats: NatsConnection;
let js: JetStreamClient;
let db: Client;
const sockets: Socket[] = [];

beforeAll(async () => {
  const options = throwawayStackOptions('rooms');
  stack = await startStack({ ...options, log: () => undefined, childLog: () => undefined });
  // Health's details are for the operator (ADR 0042): this instance gets a token to read them with.
  Object.assign(process.env, { KILN_NAMESPACE: stack.namespace, DATABASE_URL: stack.databaseUrl, NATS_URL: stack.natsUrl, KILN_HEALTH_TOKEN: HEALTH_TOKEN });
  const { startBff } = require('../src/main') as typeof import('../src/main');
  const port = await freePort();
  second = await startBff(port, '/nonexistent-web-dist');
  secondUrl = `http://127.0.0.1:${port}`;
  nats = await connectNats({ servers: stack.natsUrl });
  js = nats.jetstream();
  db = new Client({ connectionString: stack.databaseUrl });
  await db.connect();
  // Both instances read the stream before anything is published.
  await eventually(
    async () =>
      expect((await (await fetch(`${secondUrl}/api/health`, { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } })).json()).details.liveUpdates).toBe(true),
    30_000,
  );
}, 150_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await second?.close();
  await db?.end();
  await nats?.close();
  await stack?.stop();
}, 60_000);

type Seen = { channel: string; verb: string; data: any }[];

async function http(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function signUp() {
  const response = await fetch(`${stack.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `rooms-${randomBytes(5).toString('hex')}@example.com`, password: 'correct horse', fullName: 'Room Person' }),
  });
  expect(response.status).toBe(201);
  const answer = (await response.json()) as { token: string; user: { id: string; email: string } };
  return { token: answer.token, id: answer.user.id, email: answer.user.email };
}
type Person = Awaited<ReturnType<typeof signUp>>;

/** One tab on each BFF instance, each keeping every push of every channel it receives. */
async function tabs(person: Person): Promise<[Seen, Seen]> {
  const seen: [Seen, Seen] = [[], []];
  for (const [i, url] of [stack.url, secondUrl].entries()) {
    const socket = await openSocket(url, sockets, { token: person.token });
    for (const channel of REALTIME_CHANNELS) socket.on(channel, (message: { verb: string; data: unknown }) => seen[i].push({ channel, ...message }));
  }
  return seen;
}

const publish = async (event: { type: string }) => {
  await js.publish(`${stack.namespace}.evt.${event.type}`, JSON.stringify(event));
};
const models = (seen: Seen) => seen.filter((m) => m.channel === 'workspace-model').map((m) => `${m.verb} v${m.data.version} ${m.data.userRole}`);
/** The pushes of the workspace's entities (notifications, which the workspace makes from the same events, aside). */
const channels = (seen: Seen) => seen.filter((m) => m.channel !== 'user-notification').map((m) => `${m.channel} ${m.verb}`);
/** Long enough for a push that was (wrongly) sent to have arrived after one that was rightly sent with it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

it('a member added to a team gets its model pushes from then on, on both instances; removed, they stop at once', async () => {
  const [owner, member, stranger] = [await signUp(), await signUp(), await signUp()];
  const [ownerA, ownerB] = await tabs(owner);
  const memberTabs = await tabs(member);
  const strangerTabs = await tabs(stranger);
  const team = new TeamStory(owner.id);
  const model = aModelSnapshot({ authorId: owner.id, teamId: team.team.id });
  const version = (v: number) => ({ ...model, version: v, name: `Team gear ${v}` });

  await publish(team.created());
  await publish(modelEvent('workspace.model.created.v1', version(1)));
  await eventually(() => expect(models(ownerB)).toEqual(['create v1 owner']));

  await publish(team.invited(member.id, 'editor'));
  for (const seen of memberTabs) await eventually(() => expect(channels(seen)).toEqual(['workspace-team-member create', 'workspace-team create']));
  expect(memberTabs[0].find((m) => m.channel === 'workspace-team')!.data).toMatchObject({ id: team.team.id, userRole: 'editor' });

  await publish(modelEvent('workspace.model.renamed.v1', version(2)));
  for (const seen of memberTabs) await eventually(() => expect(models(seen)).toEqual(['update v2 editor']));

  await publish(team.removed(member.id));
  for (const seen of memberTabs) await eventually(() => expect(channels(seen).slice(-2)).toEqual(['workspace-team-member delete', 'workspace-team delete']));
  await publish(modelEvent('workspace.model.renamed.v1', version(3)));
  await publish(team.updated('Team without them'));
  for (const seen of [ownerA, ownerB]) await eventually(() => expect(channels(seen).at(-1)).toBe('workspace-team update'));
  await settle();

  for (const seen of memberTabs) expect(models(seen)).toEqual(['update v2 editor']);
  for (const seen of memberTabs) expect(channels(seen).at(-1)).toBe('workspace-team delete');
  // The author, also the team's owner, got exactly one message per model event, as owner, on each tab.
  for (const seen of [ownerA, ownerB]) expect(models(seen)).toEqual(['create v1 owner', 'update v2 owner', 'update v3 owner']);
  for (const seen of strangerTabs) expect(seen).toEqual([]);
  // What the member was told of the team from the invite on: nothing after its removal.
  for (const seen of memberTabs) {
    expect(channels(seen).filter((c) => c.startsWith('workspace-team'))).toEqual([
      'workspace-team-member create',
      'workspace-team create',
      'workspace-team-member delete',
      'workspace-team delete',
    ]);
  }
}, 60_000);

it('a socket opened later joins the teams its person is in (from the workspace), with their role', async () => {
  const [owner, viewer, stranger] = [await signUp(), await signUp(), await signUp()];
  const team = new TeamStory(owner.id);
  await publish(team.created());
  // The membership as the team repository commits it (before its event is published).
  const now = new Date();
  await db.query(
    `insert into workspace.teams (id, name, color, owner_id, created_at, updated_at, version) values ($1, 'Later team', '#336699', $2, $3, $3, 2)`,
    [team.team.id, owner.id, now],
  );
  await db.query(
    `insert into workspace.team_members (id, team_id, user_id, email, role, status, created_at) values ($1, $2, $3, $4, 'owner', 'active', ` +
      `$5), ($6, $2, $7, $8, 'viewer', 'active', $5)`,
    [anId(), team.team.id, owner.id, owner.email, now, anId(), viewer.id, viewer.email],
  );
  const viewerTabs = await tabs(viewer);
  const strangerTabs = await tabs(stranger);

  await publish(team.invited(viewer.id, 'viewer'));
  await publish(modelEvent('workspace.model.created.v1', aModelSnapshot({ authorId: owner.id, teamId: team.team.id })));
  for (const seen of viewerTabs) await eventually(() => expect(models(seen)).toEqual(['create v1 viewer']));
  await settle();
  for (const seen of strangerTabs) expect(seen).toEqual([]);
}, 60_000);

it('a person a model is shared with gets its pushes with their share role, and stops once the share is removed', async () => {
  const [owner, reader, stranger] = [await signUp(), await signUp(), await signUp()];
  const created = await http('POST', '/api/workspace/model', owner.token, { name: 'Shared gear' });
  expect(created.status).toBe(201);
  const ownerTabs = await tabs(owner);
  const readerTabs = await tabs(reader);
  const strangerTabs = await tabs(stranger);

  const share = new ShareStory(created.body, reader.id, 'configurator');
  await publish(share.created());
  for (const seen of readerTabs) await eventually(() => expect(channels(seen)).toEqual(['workspace-shared-model create']));
  for (const seen of ownerTabs) await eventually(() => expect(channels(seen)).toEqual(['workspace-shared-model create']));

  // A real rename through the API: its event comes from the workspace.
  expect((await http('PATCH', `/api/workspace/model/${created.body.id}`, owner.token, { name: 'Shared gear 2' })).status).toBe(200);
  for (const seen of readerTabs) await eventually(() => expect(models(seen)).toEqual(['update v2 configurator']));

  await publish(share.removed());
  for (const seen of readerTabs) await eventually(() => expect(channels(seen).at(-1)).toBe('workspace-shared-model delete'));
  expect((await http('PATCH', `/api/workspace/model/${created.body.id}`, owner.token, { name: 'Shared gear 3' })).status).toBe(200);
  for (const seen of ownerTabs) await eventually(() => expect(models(seen)).toEqual(['update v2 owner', 'update v3 owner']));
  await settle();

  for (const seen of readerTabs) expect(models(seen)).toEqual(['update v2 configurator']);
  for (const seen of strangerTabs) expect(seen).toEqual([]);
}, 60_000);

it('a socket opened later hears a model shared with its person (from the workspace), with the share role', async () => {
  const [owner, reader] = [await signUp(), await signUp()];
  const created = await http('POST', '/api/workspace/model', owner.token, { name: 'Later shared gear' });
  const now = new Date();
  await db.query(
    `insert into workspace.model_shares (id, model_id, owner_id, user_id, email, role, shared_by_id, created_at, updated_at, version) values ` +
      `($1, $2, $3, $4, $5, 'inspector', $3, $6, $6, 1)`,
    [anId(), created.body.id, owner.id, reader.id, reader.email, now],
  );
  const readerTabs = await tabs(reader);
  expect((await http('PATCH', `/api/workspace/model/${created.body.id}`, owner.token, { name: 'Later shared gear 2' })).status).toBe(200);
  for (const seen of readerTabs) await eventually(() => expect(models(seen)).toEqual(['update v2 inspector']));
}, 60_000);

it('through the API: an invited member hears the team model from then on, with their new role after a change, and nothing after being removed', async () => {
  const [owner, member, stranger] = [await signUp(), await signUp(), await signUp()];
  const memberTabs = await tabs(member);
  const strangerTabs = await tabs(stranger);
  const team = await http('POST', '/api/workspace/team/my', owner.token, { name: 'Live API team' });
  expect(team.status).toBe(201);
  const invite = await http('POST', '/api/workspace/team-member/invite', owner.token, { teamId: team.body.id, email: member.email, role: 'editor' });
  expect(invite).toMatchObject({ status: 201, body: { status: 'active', role: 'editor' } });
  for (const seen of memberTabs) await eventually(() => expect(channels(seen)).toContain('workspace-team create'));

  const model = await http('POST', '/api/workspace/model', owner.token, { name: 'Team API gear', teamId: team.body.id });
  expect(model.status).toBe(201);
  for (const seen of memberTabs) await eventually(() => expect(models(seen)).toEqual(['create v1 editor']));
  expect((await http('PATCH', `/api/workspace/team-member/${invite.body.id}`, owner.token, { role: 'viewer' })).status).toBe(200);
  expect((await http('PATCH', `/api/workspace/model/${model.body.id}`, owner.token, { name: 'Team API gear 2' })).status).toBe(200);
  for (const seen of memberTabs) await eventually(() => expect(models(seen)).toEqual(['create v1 editor', 'update v2 viewer']));

  expect((await http('DELETE', `/api/workspace/team-member/${invite.body.id}`, owner.token)).status).toBe(200);
  for (const seen of memberTabs) await eventually(() => expect(channels(seen).at(-1)).toBe('workspace-team delete'));
  const ownerTabs = await tabs(owner);
  expect((await http('PATCH', `/api/workspace/model/${model.body.id}`, owner.token, { name: 'Team API gear 3' })).status).toBe(200);
  for (const seen of ownerTabs) await eventually(() => expect(models(seen)).toEqual(['update v3 owner']));
  await settle();
  for (const seen of memberTabs) expect(models(seen)).toEqual(['create v1 editor', 'update v2 viewer']);
  for (const seen of strangerTabs) expect(seen).toEqual([]);
}, 60_000);

it('hangs up a socket whose rooms the workspace cannot tell (the client comes back by itself), and lets it in once it can', async () => {
  const person = await signUp();
  await db.query('alter table workspace.model_shares rename to model_shares_away');
  try {
    const socket = io(secondUrl, { transports: ['websocket'], reconnection: false, auth: { token: person.token } });
    sockets.push(socket);
    const events: string[] = [];
    socket.on('connect', () => events.push('connect'));
    socket.on('connect_error', (error) => events.push(`refused: ${error.message}`));
    socket.on('disconnect', (reason) => events.push(`disconnect: ${reason}`));
    await eventually(() => expect(events).toEqual(['connect', 'disconnect: io server disconnect']));
  } finally {
    await db.query('alter table workspace.model_shares_away rename to model_shares');
  }
  const socket = await openSocket(secondUrl, sockets, { token: person.token });
  await settle();
  expect(socket.connected).toBe(true);
}, 30_000);

it('through the API: a person a model is shared with hears it with their role, the new role after a change, and nothing once removed', async () => {
  const [owner, reader] = [await signUp(), await signUp()];
  const readerTabs = await tabs(reader);
  const model = await http('POST', '/api/workspace/model', owner.token, { name: 'Shared API gear' });
  const shared = await http('PATCH', `/api/workspace/model/share/${model.body.id}`, owner.token, { email: reader.email, role: 'viewer' });
  expect(shared.status).toBe(200);
  const shareId = shared.body.data.find((s: { email: string }) => s.email === reader.email).id as string;
  for (const seen of readerTabs) await eventually(() => expect(channels(seen)).toEqual(['workspace-shared-model create']));

  expect((await http('PATCH', `/api/workspace/model/${model.body.id}`, owner.token, { name: 'Shared API gear 2' })).status).toBe(200);
  for (const seen of readerTabs) await eventually(() => expect(models(seen)).toEqual(['update v2 viewer']));
  expect((await http('PATCH', `/api/workspace/shared-model/${shareId}`, owner.token, { role: 'editor' })).status).toBe(200);
  expect((await http('PATCH', `/api/workspace/model/${model.body.id}`, owner.token, { name: 'Shared API gear 3' })).status).toBe(200);
  for (const seen of readerTabs) await eventually(() => expect(models(seen)).toEqual(['update v2 viewer', 'update v3 editor']));

  expect((await http('DELETE', `/api/workspace/shared-model/${shareId}`, owner.token)).status).toBe(200);
  for (const seen of readerTabs) await eventually(() => expect(channels(seen).at(-1)).toBe('workspace-shared-model delete'));
  const ownerTabs = await tabs(owner);
  expect((await http('PATCH', `/api/workspace/model/${model.body.id}`, owner.token, { name: 'Shared API gear 4' })).status).toBe(200);
  for (const seen of ownerTabs) await eventually(() => expect(models(seen)).toEqual(['update v4 owner']));
  await settle();
  for (const seen of readerTabs) expect(models(seen)).toEqual(['update v2 viewer', 'update v3 editor']);
}, 60_000);
