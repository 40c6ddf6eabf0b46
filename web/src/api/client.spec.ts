import { QueryClient, MutationObserver } from '@tanstack/react-query';
import { authApi } from './auth';
import { AUTH_MESSAGES, MODEL_NAME_TOO_LONG } from '@kiln/contracts/constants';
import { MODEL_NAME_MESSAGES } from '@kiln/domain';
import { ApiError, messageOf } from './client';
import { modelPagesApi } from './model-pages';
import { newIdempotencyKey, outcomeUnknown, SubmitKeys } from './idempotency';
import { createModelMutation } from '../models/useModelEdits';

// What the web app puts on the wire and how it reads refusals. fetch is replaced by a recorder that answers
// like the BFF would; nothing else is faked.
interface Sent {
  method: string;
  url: string;
  headers: Headers;
  body: string | undefined;
}
let sent: Sent[];
let answers: Array<() => Response>;
const realFetch = globalThis.fetch;

beforeEach(() => {
  sent = [];
  answers = [];
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    sent.push({ method: init.method ?? 'GET', url, headers: new Headers(init.headers), body: init.body as string | undefined });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer prepared');
    return answer();
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const networkDown = () => {
  throw new TypeError('fetch failed');
};
const refusal = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

describe('requests', () => {
  it('sends Content-Type: application/json with every body, and none without one', async () => {
    answers.push(json(201, { id: 'm' }), json(200, { id: 'm' }), json(200, { id: 'm' }), json(200, { ok: true }), json(200, { user: {}, token: 't' }));
    await modelPagesApi.create('Gear', 'key-1');
    await modelPagesApi.rename('m', 'Bolt');
    await modelPagesApi.remove('m');
    await authApi.logout();
    await authApi.login({ email: 'a@example.com', password: 'secret-secret' });
    const withBody = sent.filter((s) => s.body !== undefined);
    expect(withBody.map((s) => s.url)).toEqual(['/api/workspace/model', '/api/workspace/model/m', '/api/auth/login']);
    for (const s of withBody) expect(s.headers.get('content-type')).toBe('application/json');
    const logout = sent.find((s) => s.url === '/api/auth/logout')!;
    expect([logout.method, logout.body, logout.headers.get('content-type')]).toEqual(['POST', undefined, null]);
  });

  it('sends the Idempotency-Key it is given with a create', async () => {
    answers.push(json(201, { id: 'm' }));
    await modelPagesApi.create('Gear', 'key-1');
    expect(sent[0].headers.get('idempotency-key')).toBe('key-1');
    expect(JSON.parse(sent[0].body!)).toEqual({ name: 'Gear' });
  });
});

describe('refusals', () => {
  it("shows a 429's own message when it is one of ours, and keeps its Retry-After", async () => {
    answers.push(json(429, { statusCode: 429, message: AUTH_MESSAGES.tooManyAttempts, retryAfter: 20 }, { 'Retry-After': '20' }));
    const error = await refusal(authApi.login({ email: 'a@example.com', password: 'secret-secret' }));
    expect([error.status, messageOf(error), error.body.retryAfter]).toEqual([429, AUTH_MESSAGES.tooManyAttempts, 20]);
  });

  it('says how long to wait when a 429 carries a message that is not one of ours', async () => {
    answers.push(json(429, { statusCode: 429, message: 'rate limit exceeded (bucket cmd:u1)', retryAfter: 20 }));
    expect(messageOf(await refusal(modelPagesApi.create('Gear', 'key-1')))).toBe('Too many requests. Please wait 20 seconds and try again.');
  });

  it("never shows a library's validation text: a too-long name reads as a sentence, known messages stay", async () => {
    answers.push(
      json(400, {
        statusCode: 400,
        message: 'Too big: expected string to have <=200 characters',
        errors: [{ path: 'name', message: 'Too big: expected string to have <=200 characters' }],
      }),
      json(400, {
        statusCode: 400,
        message: MODEL_NAME_TOO_LONG,
        errors: [
          { path: 'name', message: MODEL_NAME_TOO_LONG },
          { path: 'name', message: MODEL_NAME_MESSAGES.symbols },
        ],
      }),
    );
    const raw = await refusal(modelPagesApi.create('x'.repeat(201), 'key-1'));
    expect(messageOf(raw)).toBe('That was not accepted. Please check what you entered and try again.');
    expect(raw.body.errors?.map((e) => e.message)).toEqual(['That was not accepted. Please check what you entered and try again.']);
    const ours = await refusal(modelPagesApi.create('x'.repeat(201), 'key-2'));
    expect([messageOf(ours), ...(ours.body.errors ?? []).map((e) => e.message)]).toEqual([
      MODEL_NAME_TOO_LONG,
      MODEL_NAME_TOO_LONG,
      MODEL_NAME_MESSAGES.symbols,
    ]);
  });

  it('says in words what a 429 without a JSON body means, with the wait from Retry-After', async () => {
    answers.push(() => new Response('Too Many Requests', { status: 429, statusText: 'Too Many Requests', headers: { 'Retry-After': '7' } }));
    const error = await refusal(modelPagesApi.create('Gear', 'key-1'));
    expect(messageOf(error)).toBe('Too many requests. Please wait 7 seconds and try again.');
    expect(error.body.retryAfter).toBe(7);
  });

  it("words a 422 (same Idempotency-Key, different body) for people, not with the header's name", async () => {
    answers.push(json(422, { statusCode: 422, message: 'This Idempotency-Key was already used for a different request.' }));
    expect(messageOf(await refusal(modelPagesApi.create('Other', 'key-1')))).toBe('This could not be done as asked. Please try again.');
  });

  it('never shows a library text: an unreadable answer and a thrown TypeError read as plain words', async () => {
    answers.push(() => new Response('<html>oops</html>', { status: 200 }));
    const unreadable = await refusal(modelPagesApi.rename('m', 'Bolt'));
    expect(messageOf(unreadable)).not.toMatch(/token|JSON|Unexpected/i);
    expect(messageOf(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe('Something went wrong. Please try again.');
  });

  it('tells a network failure and a 503 apart from a refusal: their outcome is unknown', async () => {
    answers.push(
      networkDown,
      json(503, { statusCode: 503, message: 'The workspace service is not answering.' }),
      json(400, { statusCode: 400, message: 'Name is required.' }),
    );
    expect(outcomeUnknown(await refusal(modelPagesApi.create('Gear', 'k')))).toBe(true);
    expect(outcomeUnknown(await refusal(modelPagesApi.create('Gear', 'k')))).toBe(true);
    expect(outcomeUnknown(await refusal(modelPagesApi.create('Gear', 'k')))).toBe(false);
  });
});

describe('Idempotency-Key per submit', () => {
  const network = new ApiError({ statusCode: 0, message: 'Cannot reach the server.' });
  const unavailable = new ApiError({ statusCode: 503, message: 'Unavailable' });
  const invalid = new ApiError({ statusCode: 400, message: 'Bad name' });

  it('is a fresh UUID for every submit', () => {
    const keys = new SubmitKeys();
    const first = keys.keyFor({ name: 'Gear' });
    keys.settled();
    const second = keys.keyFor({ name: 'Gear' });
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
    keys.settled(invalid);
    expect(keys.keyFor({ name: 'Gear' })).not.toBe(second);
  });

  it('is reused when the same submit is tried again after a network failure or a 503', () => {
    const keys = new SubmitKeys();
    const first = keys.keyFor({ name: 'Gear' });
    keys.settled(network);
    expect(keys.keyFor({ name: 'Gear' })).toBe(first);
    keys.settled(unavailable);
    expect(keys.keyFor({ name: 'Gear' })).toBe(first);
    keys.settled(network);
    expect(keys.keyFor({ name: 'Gear wheel' })).not.toBe(first);
  });

  it('has a UUID even where crypto.randomUUID is missing (a page served over plain http)', () => {
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });

  it('is the same on the automatic retry of a create after a network failure and a 503', async () => {
    answers.push(networkDown, json(503, { statusCode: 503, message: 'Unavailable' }), json(201, { id: 'm', name: 'Gear', version: 1 }));
    const client = new QueryClient();
    const observer = new MutationObserver(client, { ...createModelMutation(client, () => ({})), retryDelay: 0 });
    await observer.mutate({ name: 'Gear', idempotencyKey: 'key-1' });
    expect(sent.map((s) => s.headers.get('idempotency-key'))).toEqual(['key-1', 'key-1', 'key-1']);
  });

  it('does not retry a refusal', async () => {
    answers.push(json(429, { statusCode: 429, message: 'Slow down.' }));
    const client = new QueryClient();
    const observer = new MutationObserver(client, { ...createModelMutation(client, () => ({})), retryDelay: 0 });
    await expect(observer.mutate({ name: 'Gear', idempotencyKey: 'key-1' })).rejects.toThrow('Too many requests.');
    expect(sent).toHaveLength(1);
  });
});
