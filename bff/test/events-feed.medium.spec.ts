import { EVENTS_MESSAGES, EventsPage } from '@kiln/contracts';
import { Client } from 'pg';
import { Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';
import { stackHttp } from '../../services/workspace/test/support/stack-http';

// GET /api/events over the whole stack (issue 21, ADR 0066): a long-polled page and Server-Sent Events that resume.
let stack: Stack;

beforeAll(async () => {
  const options = throwawayStackOptions('events');
  stack = await startStack({ ...options, log: () => undefined, childLog: () => undefined });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

const api = stackHttp(() => stack.url, 'events');
const CREATED = 'workspace.model.created.v1';
const RENAMED = 'workspace.model.renamed.v1';

/** Reads a Server-Sent Events answer until `done` holds for what came so far (or the test's time runs out). */
async function readStream(response: Response, done: (text: string) => boolean): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!done(text)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

it('answers a page after a cursor, waiting for the first event; streams the next ones as Server-Sent Events from Last-Event-ID', async () => {
  const alice = await api.signUp('alice');
  const stranger = await api.signUp('stranger');
  const model = await api.ok<{ id: string }>('POST', '/api/workspace/model', alice.token, { name: 'Feed gear' });

  // Long poll: the journal follows the stream; the answer comes once the event is there.
  const page = (await api.ok('GET', `/api/events?types=${CREATED}`, alice.token)) as EventsPage;
  expect(page.events.map((e) => [e.event.type, (e.event as { aggregateId?: string }).aggregateId])).toEqual([[CREATED, model.id]]);
  expect(page.cursor).toBe(page.events[0].cursor);
  expect(await api.ok('GET', `/api/events?types=${CREATED}&wait=0`, stranger.token)).toEqual({ events: [], cursor: '0' });
  expect((await api.http('GET', '/api/events?after=abc', alice.token)).status).toBe(400);
  expect((await api.http('GET', '/api/events')).status).toBe(401);

  // The stream, resumed after the created event: the rename arrives as `id: <cursor>` / `event: <type>`.
  const controller = new AbortController();
  const response = await fetch(`${stack.url}/api/events?types=${CREATED},${RENAMED}`, {
    headers: { authorization: `Bearer ${alice.token}`, accept: 'text/event-stream', 'last-event-id': page.cursor },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  await api.ok('PATCH', `/api/workspace/model/${model.id}`, alice.token, { name: 'Feed gear two' });
  const text = await readStream(response, (t) => t.includes(`event: ${RENAMED}`) && t.split(`event: ${RENAMED}`)[1].includes('\n\n'));
  controller.abort();
  const [id, event, data] = text
    .split('\n\n')
    .find((block) => block.includes(`event: ${RENAMED}`))!
    .split('\n');
  expect(BigInt(id.replace('id: ', ''))).toBeGreaterThan(BigInt(page.cursor));
  expect(event).toBe(`event: ${RENAMED}`);
  expect(JSON.parse(data.replace('data: ', ''))).toMatchObject({ type: RENAMED, aggregateId: model.id, data: { model: { name: 'Feed gear two' } } });
  expect(text).not.toContain(`event: ${CREATED}`);
});

it('follows with an access token alone, within its scopes, and resumes after the cursor it kept', async () => {
  const owner = await api.signUp('token-owner');
  const token = async (scopes: string[]) =>
    (await api.ok<{ secret: string }>('POST', '/api/workspace/access-token', owner.token, { name: `Feed ${scopes.join(' ')}`, scopes })).secret;
  const [models, plugins] = [await token(['models:read']), await token(['plugins:read'])];
  const model = await api.ok<{ id: string }>('POST', '/api/workspace/model', owner.token, { name: 'Token gear' });

  const first = (await api.ok('GET', `/api/events?types=${CREATED},${RENAMED}`, models)) as EventsPage;
  expect(first.events.map((e) => (e.event as { aggregateId?: string }).aggregateId)).toEqual([model.id]);
  expect(await api.ok('GET', `/api/events?types=${CREATED}&wait=0`, plugins)).toEqual({ events: [], cursor: '0' });

  // The program stops with its cursor; a change happens meanwhile; it comes back and gets exactly that change.
  await api.ok('PATCH', `/api/workspace/model/${model.id}`, owner.token, { name: 'Token gear two' });
  const next = (await api.ok('GET', `/api/events?after=${first.cursor}&types=${CREATED},${RENAMED}`, models)) as EventsPage;
  expect(next.events.map((e) => e.event.type)).toEqual([RENAMED]);
});

// Last in this file: it marks the journal as pruned past every event so far (ADR 0066, amended).
it('answers 410 with the sentence to a cursor older than what the journal keeps, as a page and as a stream', async () => {
  const carol = await api.signUp('carol');
  const model = await api.ok<{ id: string }>('POST', '/api/workspace/model', carol.token, { name: 'Pruned gear' });
  const page = (await api.ok('GET', `/api/events?types=${CREATED}`, carol.token)) as EventsPage;
  expect(page.events).toHaveLength(1);
  const db = new Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    await db.query(`INSERT INTO integrations.journal_horizon (id, pruned_through, pruned_at) VALUES (1, $1, now())`, [page.cursor]);
  } finally {
    await db.end();
  }
  const old = String(BigInt(page.cursor) - 1n);
  const answer = await api.http('GET', `/api/events?after=${old}&wait=0`, carol.token);
  expect(answer).toEqual({ status: 410, body: { statusCode: 410, message: EVENTS_MESSAGES.pruned } });
  // A stream says so before it starts: an EventSource does not reconnect after a 410.
  const stream = await fetch(`${stack.url}/api/events`, {
    headers: { authorization: `Bearer ${carol.token}`, accept: 'text/event-stream', 'last-event-id': old },
  });
  expect(stream.status).toBe(410);
  expect(await stream.json()).toEqual({ statusCode: 410, message: EVENTS_MESSAGES.pruned });
  // At the horizon, both go on.
  await api.ok('PATCH', `/api/workspace/model/${model.id}`, carol.token, { name: 'Pruned gear two' });
  const next = (await api.ok('GET', `/api/events?after=${page.cursor}&types=${RENAMED}`, carol.token)) as EventsPage;
  expect(next.events.map((e) => e.event.type)).toEqual([RENAMED]);
});
