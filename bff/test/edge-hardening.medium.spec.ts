import { eventually } from '../../deploy/test/support/eventually';
import { connect as connectNats, JetStreamManager, NatsConnection } from 'nats';
import { randomBytes } from 'node:crypto';
import { Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';

/**
 * The BFF's edge behind a TLS-terminating proxy on this machine (ADR 0042), over the whole real stack
 * with `KILN_TRUST_PROXY=loopback` and a health token: the session cookie's Secure attribute, what
 * `/api/health` tells whom, and the security headers on every answer of socket.io's HTTP side.
 * (The untrusted case of X-Forwarded-Proto is in http-hardening.medium.spec.ts, whose stack trusts no proxy.)
 */
const HEALTH_TOKEN = randomBytes(24).toString('base64url');
let stack: Stack;
let nats: NatsConnection;
let jsm: JetStreamManager;

beforeAll(async () => {
  const env: NodeJS.ProcessEnv = { ...throwawayStackOptions('edge').env, KILN_TRUST_PROXY: 'loopback', KILN_HEALTH_TOKEN: HEALTH_TOKEN };
  delete env.KILN_ALLOWED_ORIGINS;
  stack = await startStack({ ...throwawayStackOptions('edge'), env, log: () => undefined, childLog: () => undefined });
  nats = await connectNats({ servers: stack.natsUrl });
  jsm = await nats.jetstreamManager();
}, 120_000);

afterAll(async () => {
  await nats?.close();
  await stack?.stop();
}, 60_000);

async function http(method: string, path: string, options: { headers?: Record<string, string>; body?: unknown; raw?: string } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await fetch(`${stack.url}${path}`, { method, headers, body });
  const text = await response.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, body: json, text, headers: response.headers };
}

const aRegistration = () => ({ email: `edge-${randomBytes(5).toString('hex')}@example.com`, password: 'correct horse battery', fullName: 'Edge Person' });

describe('the session cookie behind a trusted proxy', () => {
  it('is Secure when the proxy says the request came over TLS (X-Forwarded-Proto: https), at sign-up, sign-in and sign-out', async () => {
    const registration = aRegistration();
    const signUp = await http('POST', '/api/auth/register', { headers: { 'x-forwarded-proto': 'https' }, body: registration });
    expect(signUp.status).toBe(201);
    expect(signUp.headers.get('set-cookie')).toMatch(/; Secure/i);
    expect(signUp.headers.get('set-cookie')).toMatch(/; HttpOnly/i);

    const signIn = await http('POST', '/api/auth/login', {
      headers: { 'x-forwarded-proto': 'https' },
      body: { email: registration.email, password: registration.password },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('set-cookie')).toMatch(/; Secure/i);

    const signOut = await http('POST', '/api/auth/logout', { headers: { 'x-forwarded-proto': 'https', authorization: `Bearer ${signIn.body.token}` } });
    expect(signOut.status).toBe(200);
    expect(signOut.headers.get('set-cookie')).toMatch(/; Secure/i);
  });

  it('is not Secure for a plain HTTP request (a browser would not send it back)', async () => {
    const plain = await http('POST', '/api/auth/register', { body: aRegistration() });
    expect(plain.status).toBe(201);
    expect(plain.headers.get('set-cookie')).not.toMatch(/; Secure/i);
    const told = await http('POST', '/api/auth/register', { headers: { 'x-forwarded-proto': 'http' }, body: aRegistration() });
    expect(told.headers.get('set-cookie')).not.toMatch(/; Secure/i);
  });
});

describe('/api/health', () => {
  it('tells an anonymous caller only whether Kiln is up', async () => {
    const answer = await http('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'up' });
  });

  it('tells a signed-in person, a wrong token or a token in the query no more', async () => {
    const signUp = await http('POST', '/api/auth/register', { body: aRegistration() });
    for (const headers of [{ authorization: `Bearer ${signUp.body.token}` }, { authorization: `Bearer ${HEALTH_TOKEN}x` }, { authorization: HEALTH_TOKEN }]) {
      const answer = await http('GET', '/api/health', { headers });
      expect(answer).toMatchObject({ status: 200, body: { status: 'up' } });
      expect(Object.keys(answer.body)).toEqual(['status']);
    }
    expect((await http('GET', `/api/health?token=${HEALTH_TOKEN}`)).body).toEqual({ status: 'up' });
  });

  it('gives the operator with KILN_HEALTH_TOKEN each service and the live-update feed', async () => {
    const answer = await http('GET', '/api/health', { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'up',
      services: expect.arrayContaining([expect.objectContaining({ service: 'workspace', database: true, nats: true })]),
      details: { nats: true, liveUpdates: true },
    });
  });
});

/** The headers the BFF's hardening adds to its own answers (helmet, and no-store for what is not a static file). */
const EDGE_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'cache-control',
];

describe('socket.io answers over HTTP', () => {
  it('carry the same security headers as the API, on the handshake, the polls, its 400s and any other path under /socket.io', async () => {
    const api = await http('GET', '/api/auth/me');
    const expected = Object.fromEntries(EDGE_HEADERS.map((name) => [name, api.headers.get(name)]));
    for (const [name, value] of Object.entries(expected)) expect([name, value]).toEqual([name, expect.any(String)]);
    expect(expected['cache-control']).toBe('no-store');

    const handshake = await http('GET', '/socket.io/?EIO=4&transport=polling');
    expect(handshake.status).toBe(200);
    const sid = JSON.parse(handshake.text.slice(1)).sid as string;
    // Connecting to the namespace without a session: accepted as a packet ('ok'), answered with a refusal on the next poll.
    const sent = await http('POST', `/socket.io/?EIO=4&transport=polling&sid=${sid}`, { headers: { 'content-type': 'text/plain;charset=UTF-8' }, raw: '40' });
    expect(sent).toMatchObject({ status: 200, text: 'ok' });
    const poll = await http('GET', `/socket.io/?EIO=4&transport=polling&sid=${sid}`);
    expect(poll.status).toBe(200);
    expect(poll.text).toMatch(/^44/);
    const unknownTransport = await http('GET', '/socket.io/?EIO=4&transport=carrier-pigeon');
    expect(unknownTransport.status).toBe(400);
    const unknownSession = await http('GET', '/socket.io/?EIO=4&transport=polling&sid=no-such-session');
    expect(unknownSession.status).toBe(400);
    const clientScript = await http('GET', '/socket.io/socket.io.js');

    for (const answer of [handshake, sent, poll, unknownTransport, unknownSession, clientScript]) {
      const got = Object.fromEntries(EDGE_HEADERS.map((name) => [name, answer.headers.get(name)]));
      expect(got).toEqual(expected);
      expect(answer.headers.get('x-powered-by')).toBeNull();
    }
  });
});

describe('/api/health while a part is down (last: it takes the workspace stream away)', () => {
  it('answers an anonymous caller 503 with only {status: "down"}, the operator the reason; and recovers', async () => {
    const stream = `${stack.namespace}_WORKSPACE_EVENTS`;
    const { config } = await jsm.streams.info(stream);
    await jsm.streams.delete(stream);
    try {
      await eventually(async () => {
        const anonymous = await http('GET', '/api/health');
        expect(anonymous.status).toBe(503);
        expect(anonymous.body).toEqual({ status: 'down' });
      });
      const operator = await http('GET', '/api/health', { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } });
      expect(operator.status).toBe(503);
      expect(operator.body).toMatchObject({
        status: 'down',
        message: expect.stringContaining('live updates'),
        errors: expect.arrayContaining([expect.objectContaining({ path: 'bff.liveUpdates' })]),
      });
    } finally {
      await jsm.streams.add(config);
    }
    await eventually(async () => expect(await http('GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'up' } }));
  }, 60_000);
});
