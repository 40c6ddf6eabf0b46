import { eventually } from '../../deploy/test/support/eventually';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { Socket } from 'socket.io-client';
import { Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';
import { collectPushes, openSocket } from './support/sockets';

/**
 * The BFF over the whole real stack (services as processes, real Postgres and NATS JetStream):
 * sessions by cookie and bearer, error bodies, API documents, and pushes only to those allowed.
 */
let stack: Stack;
const sockets: Socket[] = [];

beforeAll(async () => {
  stack = await startStack({
    ...throwawayStackOptions('bff'),
    env: { ...process.env, KILN_LIMIT_REGISTER_PER_ADDRESS: '1000/hour' }, // every test signs up from 127.0.0.1
    log: () => undefined,
    childLog: () => undefined,
  });
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack?.stop();
}, 60_000);

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

async function http(method: string, path: string, options: { token?: string; cookie?: string; body?: unknown; raw?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

async function signUp(name = 'Test Person') {
  const email = `bff-${randomBytes(5).toString('hex')}@example.com`;
  const answer = await http('POST', '/api/auth/register', { body: { email, password: 'correct horse', fullName: name } });
  expect(answer.status).toBe(201);
  return { token: answer.body.token as string, user: answer.body.user, email, cookie: answer.headers.get('set-cookie')!.split(';')[0] };
}

const connect = (auth: { token?: string; cookie?: string }) => openSocket(stack.url, sockets, auth);
const collect = collectPushes;

describe('sessions', () => {
  it('signs up with an HttpOnly SameSite cookie and knows the user by cookie or bearer', async () => {
    const email = `cookie-${randomBytes(4).toString('hex')}@example.com`;
    const answer = await http('POST', '/api/auth/register', { body: { email, password: 'correct horse', fullName: 'Cookie Person' } });
    const setCookie = answer.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^kiln_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(';')[0];
    expect((await http('GET', '/api/auth/me', { cookie })).body.email).toBe(email);
    expect((await http('GET', '/api/auth/me', { token: answer.body.token })).body.fullName).toBe('Cookie Person');
  });

  it('answers 401 without a session and after logout', async () => {
    expect(await http('GET', '/api/auth/me')).toMatchObject({ status: 401, body: { statusCode: 401, message: 'Please sign in.' } });
    const { token } = await signUp();
    expect((await http('POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await http('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await http('GET', '/api/workspace/model', { token })).status).toBe(401);
  });

  it('refuses a common password with a sentence for people (ADR 0042)', async () => {
    const message = 'This password is too common. Choose one that is harder to guess.';
    const email = `weak-${randomBytes(5).toString('hex')}@example.com`;
    expect(await http('POST', '/api/auth/register', { body: { email, password: '12345678', fullName: 'Weak Person' } })).toMatchObject({
      status: 400,
      body: { statusCode: 400, message, errors: [{ path: 'password', message }] },
    });
  });

  it('refuses a duplicate e-mail and a wrong password', async () => {
    const { email } = await signUp();
    expect(await http('POST', '/api/auth/register', { body: { email, password: 'another horse battery', fullName: 'Copy' } })).toMatchObject({
      status: 409,
      body: { message: 'An account with this e-mail already exists.' },
    });
    expect((await http('POST', '/api/auth/login', { body: { email, password: 'wrong password' } })).status).toBe(401);
    expect((await http('POST', '/api/auth/login', { body: { email, password: 'correct horse' } })).status).toBe(200);
  });
});

describe('bad input is a 4xx with a clear message, never a 5xx', () => {
  it.each([
    ['POST', '/api/workspace/model', { raw: '{not json' }],
    ['POST', '/api/workspace/model', { body: { name: 'ok name', owner: 'x' } }],
    ['POST', '/api/workspace/model', { body: { name: 42 } }],
    ['POST', '/api/workspace/model', { body: [] }],
    ['GET', '/api/workspace/model?limit=101', {}],
    ['GET', '/api/workspace/model?where=%7Bbroken', {}],
    ['GET', '/api/workspace/model?where=%7B%22author%22%3A1%7D', {}],
    ['GET', '/api/workspace/model?sort=password%20DESC', {}],
    ['GET', '/api/workspace/model?sort=UPDATEDAT%20DESC', {}],
    ['GET', '/api/workspace/model?skip=-1', {}],
    ['GET', '/api/workspace/model?unknown=1', {}],
    ['GET', '/api/workspace/model/not-an-id', {}],
    ['PATCH', '/api/workspace/model/000000000000000000000000', { body: { authorId: 'x' } }],
    ['PATCH', '/api/workspace/model/000000000000000000000000', { body: { description: 'nul \u0000 byte' } }],
    ['POST', '/api/workspace/model', { body: { name: 'nul \u0000 byte' } }],
    ['GET', `/api/workspace/model?where=${encodeURIComponent('{"name":{"contains":"a\\u0000b"}}')}`, {}],
    ['GET', '/api/workspace/model?skip=1e20', {}],
    ['GET', '/api/workspace/model?limit=abc', {}],
    ['POST', '/api/auth/register', { body: { email: 'nul@example.com', password: 'long enough', fullName: 'Nul \u0000 Name' } }],
    ['POST', '/api/auth/register', { body: { email: 'not-an-email', password: 'long enough', fullName: 'Name' } }],
    ['POST', '/api/auth/login', { body: { email: 'x@example.com' } }],
  ])('%s %s', async (method, path, options) => {
    const { token } = await signUp();
    const answer = await http(method, path, { token, ...(options as object) });
    expect(answer.status).toBe(400);
    expect(typeof answer.body.message).toBe('string');
    expect(answer.body.statusCode).toBe(400);
  });

  it('answers any generated input with a status below 500', async () => {
    const { token } = await signUp();
    const own = (await http('POST', '/api/workspace/model', { token, body: { name: 'Fuzz target' } })).body.id as string;
    // Strings rich in what breaks things: NUL, LIKE wildcards, quotes, escapes, astral and lone surrogates.
    const tricky = fc.string({
      unit: fc.oneof(fc.constantFrom('\u0000', '%', '_', '\\', "'", '"', '😀', '\uD800', ' '), fc.string({ minLength: 1, maxLength: 1 })),
      maxLength: 12,
    });
    const anyJson = fc.jsonValue({ maxDepth: 3 });
    const anyValue = fc.oneof(tricky, anyJson);
    const field = fc.constantFrom('name', 'description', 'teamId', 'projectId', 'where', 'sort', 'skip', 'limit', 'populate', 'id', 'email');
    const json = (value: unknown) => JSON.stringify(value);
    const request = fc.oneof(
      // Well-formed shapes with hostile values.
      fc.record({ method: fc.constant('POST'), path: fc.constant('/api/workspace/model'), body: fc.record({ name: anyValue }) }),
      fc.record({
        method: fc.constant('PATCH'),
        path: fc.constant(`/api/workspace/model/${own}`),
        body: fc.record({ name: anyValue, description: anyValue }, { requiredKeys: [] }),
      }),
      fc.record({
        method: fc.constant('GET'),
        path: fc.record({ contains: anyValue, sort: anyValue, skip: anyValue, limit: anyValue }, { requiredKeys: [] }).map(({ contains, ...rest }) => {
          // Generated objects may have no prototype, so String() would throw on them.
          const query = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, typeof v === 'string' ? v : json(v)]));
          if (contains !== undefined) query.set('where', json({ name: { contains } }));
          return `/api/workspace/model?${query}`;
        }),
        body: fc.constant(undefined),
      }),
      fc.record({
        method: fc.constant('POST'),
        path: fc.constant('/api/auth/register'),
        body: fc.record({ email: fc.emailAddress(), password: anyValue, fullName: anyValue }),
      }),
      // Anything at all.
      fc.record({
        method: fc.constantFrom('POST', 'PATCH', 'DELETE', 'GET'),
        path: fc.oneof(fc.stringMatching(/^[0-9a-f]{24}$/), fc.string()).map((id) => `/api/workspace/model/${encodeURIComponent(id)}`),
        body: fc.oneof(anyJson, fc.dictionary(field, anyValue, { maxKeys: 3 })),
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, body }) => {
        const answer = await http(method, path, { token, ...(method === 'GET' || body === undefined ? {} : { raw: json(body) }) });
        expect(answer.status).toBeLessThan(500);
        if (answer.status >= 400) expect(typeof answer.body.message).toBe('string');
      }),
      { numRuns: 400 },
    );
  }, 120_000);

  it('uses the spec messages for model names', async () => {
    const { token } = await signUp();
    expect((await http('POST', '/api/workspace/model', { token, body: { name: '  ab ' } })).body.message).toBe('The name must be longer than 3 characters.');
    expect((await http('POST', '/api/workspace/model', { token, body: { name: 'gear#1' } })).body.message).toBe(
      'Only the following symbols are allowed: -, _, /, (, ).',
    );
  });
});

describe('models through the BFF', () => {
  it('creates with a 24-hex id and lists it; another user gets 404 for read, change and delete', async () => {
    const owner = await signUp('Owner Person');
    const stranger = await signUp('Stranger Person');
    const created = await http('POST', '/api/workspace/model', { token: owner.token, body: { name: 'Turbine (v2)' } });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^[0-9a-f]{24}$/);
    expect(created.body).toMatchObject({ name: 'Turbine (v2)', authorId: owner.user.id, userRole: 'owner', author: { fullName: 'Owner Person' } });

    const list = await http(
      'GET',
      `/api/workspace/model?where=${encodeURIComponent('{"name":{"contains":"TURBINE"}}')}&sort=${encodeURIComponent('name ASC')}`,
      { token: owner.token },
    );
    expect(list.body).toMatchObject({ total: 1, data: [{ id: created.body.id }] });

    const path = `/api/workspace/model/${created.body.id}`;
    expect((await http('GET', path, { token: stranger.token })).status).toBe(404);
    expect((await http('PATCH', path, { token: stranger.token, body: { name: 'Stolen' } })).status).toBe(404);
    expect((await http('DELETE', path, { token: stranger.token })).status).toBe(404);
    expect((await http('GET', '/api/workspace/model', { token: stranger.token })).body).toEqual({ data: [], total: 0 });
    expect((await http('GET', path, { token: owner.token })).body.name).toBe('Turbine (v2)');
  });
});

describe('live updates', () => {
  it('pushes create, update and delete to every tab of the owner and to no one else', async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const tabOne = collect(await connect({ token: owner.token }));
    const tabTwo = collect(await connect({ cookie: owner.cookie }));
    const strangersTab = collect(await connect({ token: stranger.token }));

    const created = await http('POST', '/api/workspace/model', { token: owner.token, body: { name: 'Live gear' } });
    await http('PATCH', `/api/workspace/model/${created.body.id}`, { token: owner.token, body: { name: 'Live gear 2' } });
    await http('DELETE', `/api/workspace/model/${created.body.id}`, { token: owner.token });

    const expected = [
      { verb: 'create', data: expect.objectContaining({ id: created.body.id, name: 'Live gear' }) },
      { verb: 'update', data: expect.objectContaining({ id: created.body.id, name: 'Live gear 2' }) },
      { verb: 'delete', data: expect.objectContaining({ id: created.body.id }) },
    ];
    await eventually(() => expect(tabOne).toEqual(expected));
    await eventually(() => expect(tabTwo).toEqual(expected));
    // The stranger's own model arrives; by then the owner's events, had they leaked, would have too.
    await http('POST', '/api/workspace/model', { token: stranger.token, body: { name: 'Mine only' } });
    await eventually(() => expect(strangersTab.map((m) => m.data.name)).toEqual(['Mine only']));
  });

  it('drops the live connections of a session that signs out, and only those', async () => {
    const owner = await signUp();
    const other = await http('POST', '/api/auth/login', { body: { email: owner.email, password: 'correct horse' } });
    const signedOut = await connect({ token: owner.token });
    const stillIn = collect(await connect({ token: other.body.token }));
    const dropped = new Promise<string>((resolve) => signedOut.once('disconnect', resolve));

    await http('POST', '/api/auth/logout', { token: owner.token });

    expect(await dropped).toBe('io server disconnect');
    await http('POST', '/api/workspace/model', { token: other.body.token, body: { name: 'After logout' } });
    await eventually(() => expect(stillIn.map((m) => m.data.name)).toEqual(['After logout']));
  });

  it('refuses a socket without a valid session', async () => {
    await expect(connect({})).rejects.toThrow('Please sign in.');
    await expect(connect({ token: 'made-up' })).rejects.toThrow('Please sign in.');
  });
});

describe('API documents', () => {
  it('serves OpenAPI at /api/docs and the event catalogue at /api/docs/events', async () => {
    const openapi = await http('GET', '/api/docs');
    expect(openapi.body.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.body.paths)).toEqual(expect.arrayContaining(['/api/auth/register', '/api/workspace/model', '/api/workspace/model/{id}']));
    const events = await http('GET', '/api/docs/events');
    expect(events.body.asyncapi).toMatch(/^3\./);
    expect(JSON.stringify(events.body)).toContain('evt.workspace.model.created.v1');
  });
});
