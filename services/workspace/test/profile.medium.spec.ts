import type { INestApplication } from '@nestjs/common';
import { User } from '@kiln/contracts';
import { freePort } from '../../../deploy/src/stack';
import { aModel, aUser } from './support/builders';
import { startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * PATCH /api/auth/me {fullName}: the workspace over NATS, then the same through a BFF started in this
 * process, whose session cache must not keep showing the old name.
 */
describe('profile: changing my full name', () => {
  let env: WorkspaceTestEnv;
  let bff: INestApplication;
  let base: string;
  beforeAll(async () => {
    env = await startWorkspace();
    // After startWorkspace() set the namespace, database and NATS this BFF reads from the environment.
    process.env.KILN_SESSION_CACHE_TTL = '10m';
    const { startBff } = require('../../../bff/src/main') as typeof import('../../../bff/src/main');
    const port = await freePort();
    bff = await startBff(port, '/nonexistent-web-dist');
    base = `http://127.0.0.1:${port}`;
  }, 60_000);
  afterAll(async () => {
    await bff?.close();
    await env?.stop();
  });

  it('stores the trimmed name, answers the updated user (initials follow) and tells only ids', async () => {
    const me = await aUser(env.rpc, { fullName: 'Ada Lovelace' });
    const model = await aModel(env.rpc, me);

    const user = await env.rpc.call('updateProfile', { actor: me.actor, body: { fullName: '  Ada King  ' } });

    expect(User.parse(user)).toEqual(user);
    expect(user).toEqual({ ...me.user, fullName: 'Ada King', dataShort: { initials: 'AK', color: me.user.dataShort.color } });
    // Read-your-writes: the session and the models' author show it right after the answer.
    expect((await env.rpc.call('resolveSession', { token: me.token })).user).toEqual(user);
    expect((await env.rpc.call('getModel', { actor: me.actor, body: { id: model.id } })).author).toEqual(user);
    const events = await env.db
      .withSchema('workspace')
      .selectFrom('outbox')
      .select('payload')
      .where('type', '=', 'workspace.user.profile-updated.v1')
      .execute();
    const mine = events.map((e) => e.payload as { aggregateId: string; data: unknown }).filter((p) => p.aggregateId === me.user.id);
    expect(mine).toEqual([expect.objectContaining({ actorId: me.user.id, data: { user: { id: me.user.id, updatedAt: expect.any(String) } } })]);
  });

  it.each([
    ['', 'This field is required'],
    ['    ', 'This field is required'],
    ['x'.repeat(201), 'The name must be at most 200 characters.'],
  ])('refuses %j with 400 and keeps the name', async (fullName, message) => {
    const me = await aUser(env.rpc, { fullName: 'Kept Name' });
    const error = await env.rpc.fail('updateProfile', { actor: me.actor, body: { fullName } });
    expect(error).toMatchObject({ statusCode: 400, message });
    expect((await env.rpc.call('resolveSession', { token: me.token })).user.fullName).toBe('Kept Name');
  });

  it('shows the new name on the next GET /api/auth/me, though the session was cached', async () => {
    const me = await aUser(env.rpc, { fullName: 'Grace Hopper' });
    const headers = { authorization: `Bearer ${me.token}`, origin: base, 'content-type': 'application/json' };
    const getMe = async () => (await (await fetch(`${base}/api/auth/me`, { headers })).json()) as User;
    // Warm this instance's session cache (a route that uses it, then /me).
    expect((await fetch(`${base}/api/workspace/model`, { headers })).status).toBe(200);
    expect((await getMe()).fullName).toBe('Grace Hopper');

    const patched = await fetch(`${base}/api/auth/me`, { method: 'PATCH', headers, body: JSON.stringify({ fullName: 'Grace Brewster Hopper' }) });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as User).fullName).toBe('Grace Brewster Hopper');

    expect(await getMe()).toMatchObject({ fullName: 'Grace Brewster Hopper', dataShort: { initials: 'GH' } });
    const empty = await fetch(`${base}/api/auth/me`, { method: 'PATCH', headers, body: JSON.stringify({ fullName: ' ' }) });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ statusCode: 400, message: 'This field is required' });
  });
});
