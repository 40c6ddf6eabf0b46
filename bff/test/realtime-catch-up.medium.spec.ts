import { REALTIME_CATCH_UP, REALTIME_PAGE_AGE } from '@kiln/contracts';
import { randomBytes } from 'node:crypto';
import { io, Socket } from 'socket.io-client';
import { eventually } from '../../deploy/test/support/eventually';
import { Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';
import { openSocket } from './support/sockets';

/**
 * A push reaches only the sockets connected when it is emitted. A page that read its lists before its socket was
 * in its rooms is told, as the socket connects, when a push went to one of them since the page's age it sent, and
 * only then (ADR 0071), over the whole real stack.
 */
let stack: Stack;
const sockets: Socket[] = [];

beforeAll(async () => {
  stack = await startStack({ ...throwawayStackOptions('cu'), log: () => undefined, childLog: () => undefined });
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack?.stop();
}, 60_000);

async function http(method: string, path: string, token: string, body?: unknown) {
  const headers: Record<string, string> = { origin: stack.url, authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { id: string } };
}

async function signUp(): Promise<string> {
  const email = `cu-${randomBytes(5).toString('hex')}@example.com`;
  const response = await fetch(`${stack.url}/api/auth/register`, {
    method: 'POST',
    headers: { origin: stack.url, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse', fullName: 'Catching Up' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/** A page's socket: what it hears from its first message on, the page's age sent or not. */
async function pageSocket(token: string, pageAge?: number): Promise<{ socket: Socket; heard: string[] }> {
  const socket = io(stack.url, {
    transports: ['websocket'],
    reconnection: false,
    autoConnect: false,
    auth: { token, ...(pageAge === undefined ? {} : { [REALTIME_PAGE_AGE]: pageAge }) },
    extraHeaders: { origin: stack.url },
  });
  sockets.push(socket);
  const heard: string[] = [];
  socket.onAny((event: string) => heard.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
    socket.connect();
  });
  return { socket, heard };
}

/** A model of the user's, created now, with its push seen by a socket already live: it has gone out. */
async function pushedModel(token: string): Promise<void> {
  const live = await openSocket(stack.url, sockets, { token, headers: { origin: stack.url } });
  const pushes: string[] = [];
  live.on('workspace-model', (message: { verb: string }) => pushes.push(message.verb));
  expect((await http('POST', '/api/workspace/model', token, { name: 'Pushed gear' })).status).toBe(201);
  await eventually(() => expect(pushes).toEqual(['create']));
}

describe('catching up as a page connects', () => {
  it('tells a page whose age covers a push to its rooms, first of all', async () => {
    const token = await signUp();
    await pushedModel(token);
    // A page that has just started: its age (plus the BFF's margin) still covers the push just made.
    const { heard } = await pageSocket(token, 0);
    await eventually(() => expect(heard).toEqual([REALTIME_CATCH_UP]));
  });

  it('tells nothing to a reconnection (no age: it fetches everything again itself); the next push comes first', async () => {
    const token = await signUp();
    await pushedModel(token);
    const { heard } = await pageSocket(token);
    expect((await http('POST', '/api/workspace/model', token, { name: 'Next gear' })).status).toBe(201);
    await eventually(() => expect(heard).toEqual(['workspace-model']));
  });

  it('tells nothing to a page of someone else, whose rooms had no push', async () => {
    const token = await signUp();
    const other = await signUp();
    // Its age reaches back no further than the stack has run (a page older than the instance is told anyway).
    const { heard } = await pageSocket(other, 0);
    await pushedModel(token);
    expect((await http('POST', '/api/workspace/model', other, { name: 'Their gear' })).status).toBe(201);
    await eventually(() => expect(heard).toEqual(['workspace-model']));
  });
});
