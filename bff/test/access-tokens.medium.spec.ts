import type { INestApplication } from '@nestjs/common';
import { ACCESS_TOKEN_MESSAGES, beyondScopeMessage } from '@kiln/domain';
import { AUTH_MESSAGES, PERSONAL_TOKEN_PREFIX, SESSION_COOKIE, TEAM_TOKEN_PREFIX } from '@kiln/contracts';
import { freePort, Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';
import { eventually } from '../../deploy/test/support/eventually';
import { createAccessToken } from '../../services/workspace/test/support/access-tokens';
import { stackHttp } from '../../services/workspace/test/support/stack-http';
import { openSocket } from './support/sockets';

/**
 * Access tokens over the real stack (ADR 0065), with a second BFF instance in this process whose token
 * limit is small: made with a session, used as `Authorization: Bearer`, within their scopes only, never for
 * tokens or the account, refused on every instance once revoked, refused once expired, with last-used time,
 * their own rate limit, and never a cookie standing in for a bad Bearer.
 */
let stack: Stack;
let second: INestApplication;
let secondUrl: string;
const api = stackHttp(() => stack.url, 'tokens');
const on = (base: string) => stackHttp(() => base, 'tokens');

beforeAll(async () => {
  const options = throwawayStackOptions('tokens');
  stack = await startStack({ ...options, env: { ...options.env, KILN_SESSION_CACHE_TTL: '10m' }, log: () => undefined, childLog: () => undefined });
  Object.assign(process.env, {
    KILN_NAMESPACE: stack.namespace,
    DATABASE_URL: stack.databaseUrl,
    NATS_URL: stack.natsUrl,
    KILN_SESSION_CACHE_TTL: '10m',
    KILN_LIMIT_ACCESS_TOKEN_REQUESTS: '5/minute',
  });
  const { startBff } = require('../src/main') as typeof import('../src/main');
  const port = await freePort();
  second = await startBff(port, '/nonexistent-web-dist');
  secondUrl = `http://127.0.0.1:${port}`;
}, 120_000);

afterAll(async () => {
  await second?.close();
  await stack?.stop();
}, 60_000);

it('is made with a session, shown once, and acts as its owner within its scopes', async () => {
  const person = await api.signUp('maker');
  const created = await createAccessToken(api, person.token, ['models:write', 'assets:read'], { name: 'CI' });
  expect(created.secret.startsWith(PERSONAL_TOKEN_PREFIX)).toBe(true);
  expect(created.token).toMatchObject({ name: 'CI', scopes: ['models:write', 'assets:read'], teamId: null, createdBy: person.id, lastUsedAt: null });

  // A read and a write route, as its owner.
  const model = await api.ok('POST', '/api/workspace/model', created.secret, { name: 'Made by a program' });
  expect(model.author?.id ?? model.authorId).toBe(person.id);
  expect((await api.http('GET', '/api/workspace/model', created.secret)).body.data.map((m: { id: string }) => m.id)).toContain(model.id);
  expect((await api.http('GET', '/api/workspace/font', created.secret)).status).toBe(200);
  // Beyond its scopes: 403 with the sentence naming the scope.
  expect(await api.http('POST', '/api/workspace/component', created.secret, { name: 'x' })).toEqual({
    status: 403,
    body: { statusCode: 403, message: beyondScopeMessage('assets', 'write') },
  });
  expect((await api.http('GET', '/api/workspace/business-order', created.secret)).body.message).toBe(beyondScopeMessage('business', 'read'));
  // A Bearer request is not refused by the same-origin check (it carries no cookie).
  const foreign = await fetch(`${stack.url}/api/workspace/model`, {
    method: 'POST',
    headers: { authorization: `Bearer ${created.secret}`, origin: 'https://elsewhere.example', 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'From a program elsewhere' }),
  });
  expect(foreign.status).toBe(201);

  // The secret is never answered again; the use shows as last used.
  const list = await api.http('GET', '/api/workspace/access-token', person.token);
  expect(JSON.stringify(list.body)).not.toContain(created.secret.slice(PERSONAL_TOKEN_PREFIX.length));
  expect(list.body.data).toHaveLength(1);
  expect(list.body.data[0].lastUsedAt).not.toBeNull();
  expect(list.body.data[0].hint).toBe(created.secret.slice(0, PERSONAL_TOKEN_PREFIX.length + 4));
});

it('cannot make, list or revoke tokens, nor change the account; it can say whom it acts as', async () => {
  const person = await api.signUp('account');
  const { secret, token } = await createAccessToken(api, person.token, ['models:write', 'plugins:write', 'assets:write', 'business:write']);
  const tokensRefused = { statusCode: 403, message: ACCESS_TOKEN_MESSAGES.notForTokens };
  const accountRefused = { statusCode: 403, message: ACCESS_TOKEN_MESSAGES.notForAccount };
  expect((await api.http('POST', '/api/workspace/access-token', secret, { name: 'more', scopes: ['models:read'] })).body).toEqual(tokensRefused);
  expect((await api.http('GET', '/api/workspace/access-token', secret)).body).toEqual(tokensRefused);
  expect((await api.http('DELETE', `/api/workspace/access-token/${token.id}`, secret)).body).toEqual(tokensRefused);
  expect((await api.http('PATCH', '/api/auth/me', secret, { fullName: 'Renamed by a program' })).body).toEqual(accountRefused);
  expect((await api.http('POST', '/api/auth/logout', secret)).body).toEqual(accountRefused);
  expect(await api.http('GET', '/api/auth/me', secret)).toMatchObject({ status: 200, body: { id: person.id } });
  // Its owner's session still works, and the token with it.
  expect((await api.http('GET', '/api/auth/me', person.token)).status).toBe(200);
  expect((await api.http('GET', '/api/workspace/model', secret)).status).toBe(200);
  // Live updates are for sessions: a token is refused by the socket like any unknown session.
  const opened: Awaited<ReturnType<typeof openSocket>>[] = [];
  await expect(openSocket(stack.url, opened, { token: secret })).rejects.toThrow(AUTH_MESSAGES.notSignedIn);
  await expect(openSocket(stack.url, opened, { headers: { authorization: `Bearer ${secret}` } })).rejects.toThrow(AUTH_MESSAGES.notSignedIn);
  for (const socket of opened) socket.close();
});

it('is refused on every instance as soon as it is revoked, and once it has expired', async () => {
  const person = await api.signUp('revoke');
  const { secret, token } = await createAccessToken(api, person.token, ['models:read']);
  // Both instances have it cached (a ten-minute cache here).
  expect((await api.http('GET', '/api/workspace/model', secret)).status).toBe(200);
  expect((await on(secondUrl).http('GET', '/api/workspace/model', secret)).status).toBe(200);
  expect(await api.http('DELETE', `/api/workspace/access-token/${token.id}`, person.token)).toMatchObject({ status: 200, body: { id: token.id } });
  const invalid = { status: 401, body: { statusCode: 401, message: ACCESS_TOKEN_MESSAGES.invalid } };
  expect(await api.http('GET', '/api/workspace/model', secret)).toEqual(invalid);
  await eventually(async () => expect(await on(secondUrl).http('GET', '/api/workspace/model', secret)).toEqual(invalid), 2000);
  expect((await api.http('DELETE', `/api/workspace/access-token/${token.id}`, person.token)).status).toBe(404);
  expect((await api.http('GET', '/api/workspace/access-token', person.token)).body.data).toEqual([]);

  // Expiring in two seconds: works (and is cached), then is refused.
  const expiresAt = new Date(Date.now() + 2000);
  const soon = await createAccessToken(api, person.token, ['models:read'], { expiresAt: expiresAt.toISOString() });
  expect((await api.http('GET', '/api/workspace/model', soon.secret)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt.getTime() - Date.now()) + 50));
  expect(await api.http('GET', '/api/workspace/model', soon.secret)).toEqual(invalid);
  // An expiry in the past is refused when made.
  expect(
    (
      await api.http('POST', '/api/workspace/access-token', person.token, {
        name: 'late',
        scopes: ['models:read'],
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      })
    ).body,
  ).toMatchObject({
    statusCode: 400,
    message: ACCESS_TOKEN_MESSAGES.expiryInPast,
  });
});

it('has its own rate limit per token (429 with a sentence and Retry-After)', async () => {
  const person = await api.signUp('limit');
  const { secret } = await createAccessToken(api, person.token, ['models:read']);
  const other = await createAccessToken(api, person.token, ['models:read']);
  const second = on(secondUrl);
  for (let i = 0; i < 5; i++) expect((await second.http('GET', '/api/workspace/model', secret)).status).toBe(200);
  const refused = await fetch(`${secondUrl}/api/workspace/model`, { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(((await refused.json()) as { message: string }).message).toBe(ACCESS_TOKEN_MESSAGES.rateLimited);
  // Another token of the same person, and the person's session, are not held back by it.
  expect((await second.http('GET', '/api/workspace/model', other.secret)).status).toBe(200);
  expect((await second.http('GET', '/api/workspace/model', person.token)).status).toBe(200);
});

it('never lets a cookie stand in for a bad or malformed Authorization header', async () => {
  const person = await api.signUp('cookie');
  const cookie = `${SESSION_COOKIE}=${person.token}`;
  const status = async (authorization?: string) =>
    (await fetch(`${stack.url}/api/workspace/model`, { headers: { cookie, ...(authorization ? { authorization } : {}) } })).status;
  expect(await status()).toBe(200);
  expect(await status(`Bearer ${PERSONAL_TOKEN_PREFIX}not-a-real-token`)).toBe(401);
  expect(await status('Bearer not-a-session')).toBe(401);
  expect(await status('Basic dXNlcjpwYXNz')).toBe(401);
  // A token in the cookie is no session.
  const { secret } = await createAccessToken(api, person.token, ['models:read']);
  expect((await fetch(`${stack.url}/api/workspace/model`, { headers: { cookie: `${SESSION_COOKIE}=${secret}` } })).status).toBe(401);
  expect((await api.http('GET', '/api/workspace/model')).body.message).toBe(AUTH_MESSAGES.notSignedIn);
});

it('team tokens: made and seen by the team owners only, acting as the owner who made it while they own the team', async () => {
  const owner = await api.signUp('owner');
  const stranger = await api.signUp('stranger');
  const team = await api.ok('POST', '/api/workspace/team/my', owner.token, { name: 'Token team' });
  const { secret, token } = await createAccessToken(api, owner.token, ['models:write'], { teamId: team.id, name: 'Team CI' });
  expect(secret.startsWith(TEAM_TOKEN_PREFIX)).toBe(true);
  expect(token).toMatchObject({ teamId: team.id, createdBy: owner.id });
  const model = await api.ok('POST', '/api/workspace/model', secret, { name: 'Team model', teamId: team.id });
  expect(model.teamId).toBe(team.id);
  // What is about its maker alone (their notifications, favorites, the models shared with them) a team token never reaches.
  const notForTeam = { statusCode: 403, message: ACCESS_TOKEN_MESSAGES.notForTeamTokens };
  expect((await api.http('GET', '/api/notification/user-notification/count', secret)).body).toEqual(notForTeam);
  expect((await api.http('GET', '/api/workspace/user-favorite/my', secret)).body).toEqual(notForTeam);
  expect((await api.http('GET', '/api/workspace/shared-model/my', secret)).body).toEqual(notForTeam);
  expect((await api.http('GET', '/api/notification/user-notification/count', owner.token)).status).toBe(200);
  expect((await api.http('GET', `/api/workspace/access-token?teamId=${team.id}`, owner.token)).body.data.map((t: { id: string }) => t.id)).toEqual([token.id]);
  // Personal lists do not hold team tokens; people who are not owners neither see nor make them.
  expect((await api.http('GET', '/api/workspace/access-token', owner.token)).body.data).toEqual([]);
  const ownersOnly = { statusCode: 403, message: ACCESS_TOKEN_MESSAGES.teamOwnersOnly };
  expect((await api.http('GET', `/api/workspace/access-token?teamId=${team.id}`, stranger.token)).body).toEqual(ownersOnly);
  expect((await api.http('POST', '/api/workspace/access-token', stranger.token, { name: 'x', scopes: ['models:read'], teamId: team.id })).body).toEqual(
    ownersOnly,
  );
  expect((await api.http('DELETE', `/api/workspace/access-token/${token.id}`, stranger.token)).status).toBe(404);
  // Once the team is gone, so is its maker's ownership: the token stops at once.
  expect((await api.http('DELETE', `/api/workspace/team/${team.id}`, owner.token)).status).toBe(200);
  await eventually(async () => expect((await api.http('GET', '/api/workspace/model', secret)).status).toBe(401), 5000);
});
