import { randomBytes, randomUUID } from 'node:crypto';
import * as net from 'node:net';
import { Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';
import { eventually } from '../../deploy/test/support/eventually';

/**
 * The BFF's HTTP edge over the whole real stack: forged cross-site requests, non-JSON bodies, caching,
 * oversize bodies sent slowly, proxy headers from an untrusted client, and the Idempotency-Key header.
 */
let stack: Stack;
let origin: string;
const ADDRESS_LIMIT = 10;

beforeAll(async () => {
  // The defaults: no trusted proxy, the app's own origin. Sign-ups are not what this file limits;
  // the per-address sign-in limit is lowered so the proxy test needs few attempts.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    KILN_LIMIT_REGISTER_PER_ADDRESS: '1000/hour',
    KILN_LIMIT_LOGIN_FAILURES_PER_ADDRESS: `${ADDRESS_LIMIT}/15min`,
  };
  delete env.KILN_TRUST_PROXY;
  delete env.KILN_ALLOWED_ORIGINS;
  stack = await startStack({ ...throwawayStackOptions('bffhttp'), env, log: () => undefined, childLog: () => undefined });
  origin = new URL(stack.url).origin;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

const EVIL = 'http://evil.example';

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

async function http(
  method: string,
  path: string,
  options: { token?: string; cookie?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await fetch(`${stack.url}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

async function signUp() {
  const email = `hard-${randomBytes(5).toString('hex')}@example.com`;
  const answer = await http('POST', '/api/auth/register', { body: { email, password: 'correct horse', fullName: 'Hard Person' } });
  expect(answer.status).toBe(201);
  return { token: answer.body.token as string, email, cookie: answer.headers.get('set-cookie')!.split(';')[0] };
}

async function modelNames(token: string): Promise<string[]> {
  const list = await http('GET', '/api/workspace/model', { token });
  expect(list.status).toBe(200);
  return list.body.data.map((m: { name: string }) => m.name);
}

describe('cross-site requests', () => {
  it('refuses create, rename, delete and logout sent with only the cookie from a foreign Origin, and changes nothing', async () => {
    const { token, cookie } = await signUp();
    const kept = await http('POST', '/api/workspace/model', { token, body: { name: 'Kept model' } });
    expect(kept.status).toBe(201);
    const foreign = { cookie, headers: { origin: EVIL } };

    const create = await http('POST', '/api/workspace/model', { ...foreign, body: { name: 'Forged model' } });
    const rename = await http('PATCH', `/api/workspace/model/${kept.body.id}`, { ...foreign, body: { name: 'Forged name' } });
    const remove = await http('DELETE', `/api/workspace/model/${kept.body.id}`, foreign);
    const logout = await http('POST', '/api/auth/logout', foreign);

    for (const answer of [create, rename, remove, logout]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ statusCode: 403, message: expect.stringMatching(/\w+ \w+/) });
    }
    expect(await modelNames(token)).toEqual(['Kept model']);
    expect((await http('GET', '/api/auth/me', { cookie })).status).toBe(200);
  });

  it('refuses a foreign Referer when there is no Origin', async () => {
    const { token, cookie } = await signUp();
    const answer = await http('POST', '/api/workspace/model', { cookie, headers: { referer: `${EVIL}/page` }, body: { name: 'Forged model' } });
    expect(answer.status).toBe(403);
    expect(await modelNames(token)).toEqual([]);
  });

  it('lets the app itself (same Origin or Referer) and callers without any origin (Bearer) through', async () => {
    const { token, cookie } = await signUp();
    expect((await http('POST', '/api/workspace/model', { cookie, headers: { origin }, body: { name: 'Same origin' } })).status).toBe(201);
    expect((await http('POST', '/api/workspace/model', { cookie, headers: { referer: `${origin}/models` }, body: { name: 'Same referer' } })).status).toBe(201);
    expect((await http('POST', '/api/workspace/model', { token, body: { name: 'No origin' } })).status).toBe(201);
    expect((await modelNames(token)).sort()).toEqual(['No origin', 'Same origin', 'Same referer']);
    expect((await http('POST', '/api/auth/logout', { cookie, headers: { origin } })).status).toBe(200);
  });
});

describe('only JSON bodies', () => {
  it('refuses a form-encoded or text/plain sign-in with 415 and signs no one in', async () => {
    const { email } = await signUp();
    const form = await http('POST', '/api/auth/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: new URLSearchParams({ email, password: 'correct horse' }).toString(),
    });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ statusCode: 415, message: expect.any(String) });
    expect(form.headers.get('set-cookie')).toBeNull();
    const text = await http('POST', '/api/auth/login', {
      headers: { 'content-type': 'text/plain' },
      raw: JSON.stringify({ email, password: 'correct horse' }),
    });
    expect(text.status).toBe(415);
    expect(text.headers.get('set-cookie')).toBeNull();
  });

  it('accepts JSON with a charset, and requests without a body', async () => {
    const { token } = await signUp();
    const created = await http('POST', '/api/workspace/model', {
      token,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: { name: 'With charset' },
    });
    expect(created.status).toBe(201);
    expect((await http('DELETE', `/api/workspace/model/${created.body.id}`, { token })).status).toBe(200);
    expect((await http('POST', '/api/auth/logout', { token })).status).toBe(200);
  });
});

describe('caching', () => {
  it('marks every /api answer no-store', async () => {
    const { token } = await signUp();
    const answers = [
      await http('GET', '/api/auth/me', { token }),
      await http('GET', '/api/auth/me'),
      await http('GET', '/api/workspace/model', { token }),
      await http('POST', '/api/workspace/model', { token, body: { name: 'Cached?' } }),
      await http('POST', '/api/workspace/model', { token, headers: { origin: EVIL }, body: { name: 'Cached?' } }),
      await http('GET', '/api/docs'),
    ];
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

/**
 * A raw connection to the BFF, once connected: what it reads so far (`answer()`) and whether it closed. Half-open
 * when asked: the server's FIN then does not end this side, which may go on sending.
 */
async function rawConnection(allowHalfOpen = false) {
  const { hostname, port } = new URL(stack.url);
  const socket = net.connect({ port: Number(port), host: hostname, allowHalfOpen });
  let answer = '';
  let closed = false;
  socket.on('data', (data) => (answer += data.toString()));
  socket.on('error', () => undefined); // the server may reset the connection once it answered
  const ended = new Promise<void>((resolve) => socket.on('close', () => ((closed = true), resolve())));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, answer: () => answer, closed: () => closed, ended };
}

/** Sends `head` and then `chunks` one by one with a pause between them, until an answer arrives. */
async function sendSlowly(head: string, chunks: Iterable<Buffer>, pauseMs = 10): Promise<{ answer: string; sentAll: boolean }> {
  const { hostname, port } = new URL(stack.url);
  const socket = net.connect(Number(port), hostname);
  let answer = '';
  socket.on('data', (data) => (answer += data.toString()));
  const answered = new Promise<void>((resolve) => {
    socket.on('data', () => answer.includes('\r\n\r\n') && resolve());
    socket.on('close', () => resolve());
  });
  socket.on('error', () => undefined); // the server may reset the connection once it answered
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(head);
  let sentAll = true;
  let done = false;
  void answered.then(() => (done = true));
  for (const chunk of chunks) {
    if (done || socket.destroyed) {
      sentAll = false;
      break;
    }
    socket.write(chunk);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  await answered;
  socket.destroy();
  return { answer, sentAll };
}

function* repeat(chunk: Buffer, times: number) {
  for (let i = 0; i < times; i++) yield chunk;
}

describe('oversize bodies', () => {
  const KB64 = Buffer.alloc(64 * 1024, 'a');
  const postHead = (path: string, token: string, type: string, length: number) =>
    `POST ${path} HTTP/1.1\r\nHost: ${new URL(stack.url).host}\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;

  it('answers 413 to a 50 MB Content-Length while the body is still being sent', async () => {
    const { token } = await signUp();
    const { host } = new URL(stack.url);
    const total = 50 * 1024 * 1024;
    const head =
      `POST /api/workspace/model HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\nContent-Type: ` +
      `application/json\r\nContent-Length: ${total}\r\n\r\n`;
    const { answer, sentAll } = await sendSlowly(head, repeat(KB64, total / KB64.length));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/"statusCode":413/);
    expect(sentAll).toBe(false);
  }, 60_000);

  it('cuts a chunked body off at the limit with 413', async () => {
    const { token } = await signUp();
    const { host } = new URL(stack.url);
    const head =
      `POST /api/workspace/model HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\nContent-Type: ` +
      `application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const chunk = Buffer.concat([Buffer.from(`${KB64.length.toString(16)}\r\n`), KB64, Buffer.from('\r\n')]);
    // 8 MB in all, then the terminating chunk: the answer must come before the end.
    const chunks = [...repeat(chunk, 128), Buffer.from('0\r\n\r\n')];
    const { answer, sentAll } = await sendSlowly(head, chunks);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(sentAll).toBe(false);
  }, 60_000);

  /**
   * A client that is busy when the refusal comes (a loaded machine, a browser tab) reads it late. The server
   * must not close at once with the client's bytes unread: the kernel would then reset the connection and the
   * client would lose the answer it had not read yet.
   */
  it.each([
    ['a JSON route', '/api/workspace/model', 'application/json'],
    ['the upload route', '/api/upload?repo=media&folder=2026_11', 'multipart/form-data; boundary=xyz'],
  ])(
    'gives the 413 to a client that reads it late, on %s',
    async (_route, path, type) => {
      const { token } = await signUp();
      for (let attempt = 0; attempt < 5; attempt++) {
        const { socket, answer, ended } = await rawConnection();
        socket.write(postHead(path, token, type, 50 * 1024 * 1024));
        socket.write(Buffer.alloc(1024 * 1024, 'a'));
        // Busy for 300 ms: the answer (and whatever the server does next) arrives meanwhile.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
        socket.write(KB64);
        await eventually(async () => expect(answer().includes('\r\n\r\n') || socket.destroyed).toBe(true), 10_000);
        socket.destroy();
        await ended;
        expect(answer()).toMatch(/^HTTP\/1\.1 413 /);
      }
    },
    60_000,
  );

  it('cuts off, after the lingering close, a client that goes on sending once answered', async () => {
    const { token } = await signUp();
    const { socket, answer, closed } = await rawConnection(true);
    socket.write(postHead('/api/workspace/model', token, 'application/json', 1024 ** 3));
    // Sends on, whatever comes back, until the server hangs up.
    const sending = setInterval(() => !socket.destroyed && socket.write(KB64), 10);
    try {
      await eventually(async () => expect(closed()).toBe(true), 30_000);
    } finally {
      clearInterval(sending);
      socket.destroy();
    }
    expect(answer()).toMatch(/^HTTP\/1\.1 413 /);
  }, 60_000);

  it('handles no request sent on a connection it is closing after an early answer', async () => {
    const { token } = await signUp();
    const { socket, answer } = await rawConnection(true);
    // A body past the limit, sent whole, then a second request behind it on the same connection.
    const length = 2 * 1024 * 1024;
    const smuggled = JSON.stringify({ name: 'Smuggled' });
    socket.write(postHead('/api/workspace/model', token, 'application/json', length));
    socket.write(Buffer.alloc(length, ' '));
    socket.write(postHead('/api/workspace/model', token, 'application/json', Buffer.byteLength(smuggled)) + smuggled);
    await eventually(async () => expect(answer()).toMatch(/^HTTP\/1\.1 413 /));
    await new Promise((resolve) => setTimeout(resolve, 500));
    socket.destroy();
    // A model made afterwards shows in the list; one made by the second request would show before it.
    expect((await http('POST', '/api/workspace/model', { token, body: { name: 'Marker' } })).status).toBe(201);
    await eventually(async () => expect(await modelNames(token)).toContain('Marker'));
    expect(await modelNames(token)).not.toContain('Smuggled');
    expect(answer().match(/HTTP\/1\.1 /g)).toHaveLength(1);
  }, 60_000);

  it('still accepts a body just under the limit', async () => {
    const { token } = await signUp();
    const answer = await http('POST', '/api/workspace/model', {
      token,
      raw: JSON.stringify({ name: 'Padded' }).replace('{', `{${' '.repeat(900_000)}`),
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(201);
  });
});

describe('proxy headers', () => {
  it('ignores X-Forwarded-For from a client it does not trust: rotating it does not escape the per-address sign-in limit', async () => {
    // Unknown e-mails, so only the per-address limit can stop them; each claims another address.
    const attempt = (i: number) =>
      http('POST', '/api/auth/login', {
        headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.${i}` },
        body: { email: `nobody-${i}-${randomBytes(3).toString('hex')}@example.com`, password: 'wrong password' },
      });
    for (let i = 0; i < ADDRESS_LIMIT; i++) expect((await attempt(i)).status).toBe(401);
    const after = await attempt(ADDRESS_LIMIT);
    expect(after.status).toBe(429);
    // The service's retryAfter travels as the Retry-After header, and stays in the body.
    expect(Number(after.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(after.body.retryAfter).toBe(Number(after.headers.get('retry-after')));
  });
});

describe('proxy headers: the session cookie', () => {
  it('ignores X-Forwarded-Proto from a client it does not trust: the session cookie is not marked Secure (ADR 0042)', async () => {
    const email = `proto-${randomBytes(5).toString('hex')}@example.com`;
    const answer = await http('POST', '/api/auth/register', {
      headers: { 'x-forwarded-proto': 'https' },
      body: { email, password: 'correct horse', fullName: 'Proto Person' },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('set-cookie')).toMatch(/; HttpOnly/i);
    expect(answer.headers.get('set-cookie')).not.toMatch(/; Secure/i);
  });
});

describe('Idempotency-Key', () => {
  it('refuses an invalid key with 400', async () => {
    const { token } = await signUp();
    const answer = await http('POST', '/api/workspace/model', { token, headers: { 'idempotency-key': 'bad key with spaces' }, body: { name: 'Keyed' } });
    expect(answer).toMatchObject({ status: 400, body: { statusCode: 400, message: 'Idempotency-Key must be 1 to 255 visible ASCII characters.' } });
    expect(await modelNames(token)).toEqual([]);
  });

  it('passes the key on: a repeat answers the same model and creates nothing', async () => {
    const { token } = await signUp();
    const key = randomUUID();
    const first = await http('POST', '/api/workspace/model', { token, headers: { 'idempotency-key': key }, body: { name: 'Once only' } });
    const again = await http('POST', '/api/workspace/model', { token, headers: { 'idempotency-key': key }, body: { name: 'Once only' } });
    expect(first.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await modelNames(token)).toEqual(['Once only']);
  });
});

describe('API document', () => {
  it('documents the Idempotency-Key header and the 403, 413, 415 and 429 answers', async () => {
    const doc = (await http('GET', '/api/docs')).body;
    const create = doc.paths['/api/workspace/model'].post;
    expect(create.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }));
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '413', '415', '422', '429']));
    expect(create.responses['429'].headers['Retry-After']).toBeDefined();
    expect(Object.keys(doc.paths['/api/auth/logout'].post.responses)).toContain('403');
    expect(Object.keys(doc.paths['/api/workspace/model'].get.responses)).not.toContain('403');
  });
});
