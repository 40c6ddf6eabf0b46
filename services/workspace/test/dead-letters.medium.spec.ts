import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { nsSubject } from '@kiln/service-kit';
import { aModel, aRegistration, anIp, aUser } from './support/builders';
import { eventually, startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * The workspace service with a poison event in its stream, personal data kept out of events, and its
 * scheduled pruning. Short retry pauses keep the five deliveries quick.
 */
describe('workspace service: dead letters, personal data, pruning', () => {
  let env: WorkspaceTestEnv;
  beforeAll(async () => {
    process.env.KILN_PROJECTION_RETRY_DELAYS = '50ms,50ms,50ms,50ms';
    env = await startWorkspace();
  });
  afterAll(async () => {
    delete process.env.KILN_PROJECTION_RETRY_DELAYS;
    await env?.stop();
  });

  const health = async () => (await env.rpc.raw('rpc.workspace.health', {})).response as { deadLetters?: number };

  it('dead-letters an event the model projection cannot parse, counts it in health, keeps projecting, and replays it once fixed', async () => {
    const owner = await aUser(env.rpc);
    const model = await aModel(env.rpc, owner, { name: 'Before poison' });
    const eventId = randomUUID();
    const envelope = {
      eventId,
      type: 'workspace.model.renamed.v1',
      aggregateType: 'model',
      aggregateId: model.id,
      occurredAt: new Date().toISOString(),
      actorId: owner.user.id,
      correlationId: randomUUID(),
      causationId: null,
    };
    // A rename without its model snapshot: no contract accepts it.
    await env.nc
      .jetstream()
      .publish(nsSubject('evt.workspace.model.renamed.v1'), JSON.stringify({ ...envelope, data: { previousName: model.name } }), { msgID: eventId });

    // Every consumer of model events dead-letters it: the model projection and the shared lists' copy.
    const letters = await eventually(async () => {
      const rows = await env.db
        .withSchema('workspace')
        .selectFrom('dead_letters' as never)
        .selectAll()
        .where('event_id' as never, '=', eventId as never)
        .orderBy('consumer' as never)
        .execute();
      return rows.length === 2 ? rows : Promise.reject(new Error('not yet'));
    }, 10_000);
    expect(letters).toMatchObject([
      { consumer: 'project-models-on-model-events', deliveries: 5 },
      { consumer: 'project-shared-lists-on-model-events', deliveries: 5 },
    ]);
    expect(await health()).toMatchObject({ deadLetters: 2 });
    // The consumer goes on with later events.
    const after = await aModel(env.rpc, owner, { name: 'After poison' });
    expect((await env.rpc.call('getModel', { actor: owner.actor, body: { id: after.id } })).name).toBe('After poison');

    // The operator fixes the payload (the producer's bug), then replays with the CLI.
    const fixed = { ...envelope, data: { model: { ...modelSnapshot(model), name: 'Fixed name', version: model.version + 1 }, previousName: model.name } };
    await env.db
      .withSchema('workspace')
      .updateTable('dead_letters' as never)
      .set({ payload: JSON.stringify(fixed) } as never)
      .where('event_id' as never, '=', eventId as never)
      .execute();
    const { stdout } = await promisify(execFile)(process.execPath, ['-r', '@swc-node/register', 'services/workspace/src/replay-dead-letters.ts'], {
      cwd: resolve(__dirname, '../../..'),
      env: { ...process.env, DATABASE_URL: env.databaseUrl },
    });

    expect(stdout).toContain('2 replayed, 0 still failing');
    expect((await env.rpc.call('getModel', { actor: owner.actor, body: { id: model.id } })).name).toBe('Fixed name');
    expect(await health()).toMatchObject({ deadLetters: 0 });
  });

  it('publishes a sign-up without name or e-mail, and still shows the person from the state', async () => {
    const registration = aRegistration({ fullName: 'Grace Hopper' });
    const answer = await env.rpc.call('register', { body: registration, ip: anIp() });

    const row = await env.db
      .withSchema('workspace')
      .selectFrom('outbox')
      .select(['type', 'payload'])
      .where('type', 'like', 'workspace.user.%')
      .orderBy('position', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.type).toBe('workspace.user.registered.v2');
    expect(JSON.stringify(row.payload)).not.toContain(registration.email);
    expect(JSON.stringify(row.payload)).not.toContain('Grace');
    const model = await aModel(env.rpc, { ...answer, actor: { userId: answer.user.id }, password: registration.password });
    expect((await env.rpc.call('getModel', { actor: { userId: answer.user.id }, body: { id: model.id } })).author).toMatchObject({
      fullName: 'Grace Hopper',
      email: registration.email,
    });
  });

  it('prunes expired sessions and old sign-in failures on schedule, keeping current ones', async () => {
    const person = await aUser(env.rpc);
    const now = new Date();
    const w = () => env.db.withSchema('workspace');
    await w()
      .insertInto('sessions')
      .values([
        {
          token_hash: `expired-${randomUUID()}`,
          user_id: person.user.id,
          created_at: new Date(now.getTime() - 40 * 86_400_000),
          expires_at: new Date(now.getTime() - 1000),
        },
        { token_hash: `current-${randomUUID()}`, user_id: person.user.id, created_at: now, expires_at: new Date(now.getTime() + 86_400_000) },
      ])
      .execute();
    await w()
      .insertInto('login_failures')
      .values([
        { email: 'old@example.com', ip: '10.0.0.1', at: new Date(now.getTime() - 2 * 3_600_000) },
        { email: 'recent@example.com', ip: '10.0.0.1', at: new Date(now.getTime() - 60_000) },
      ])
      .execute();

    const pruned = await env.runtime.pruner.runNow(now);

    expect(pruned).toMatchObject({ sessions: 1, login_failures: 1 });
    const sessions = await w().selectFrom('sessions').select('token_hash').where('user_id', '=', person.user.id).execute();
    expect(sessions.some((s) => s.token_hash.startsWith('expired-'))).toBe(false);
    expect(sessions.some((s) => s.token_hash.startsWith('current-'))).toBe(true);
    const failures = await w().selectFrom('login_failures').select('email').execute();
    expect(failures.map((f) => f.email)).toEqual(['recent@example.com']);
  });
});

function modelSnapshot({ author: _a, contributor: _c, userRole: _r, ...snapshot }: import('@kiln/contracts').Model) {
  return snapshot;
}
