import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { aModel, aModelName, aUser } from './support/builders';
import { eventually, startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * Answers tell the truth about what committed: a projection that lags past the command's wait does not
 * turn a committed change into a 404 or an old name, and a create repeated with its Idempotency-Key
 * (a client retrying after a lost answer) creates nothing new.
 */
describe('workspace service: truthful answers', () => {
  let env: WorkspaceTestEnv;
  beforeAll(async () => {
    env = await startWorkspace();
  });
  afterAll(async () => {
    await env?.stop();
  });

  /** Holds `LOCK TABLE workspace.model_view` in another connection, as a slow projection would. */
  async function withReadModelLocked<T>(ms: number, during: () => Promise<T>): Promise<T> {
    const locker = new Client({ connectionString: env.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE workspace.model_view IN ACCESS EXCLUSIVE MODE');
      const release = new Promise((resolve) => setTimeout(resolve, ms)).then(() => locker.query('COMMIT'));
      const result = await during();
      await release;
      return result;
    } finally {
      await locker.end();
    }
  }

  const aKey = () => randomUUID();
  const modelsNamed = async (name: string) =>
    (await env.db.withSchema('workspace').selectFrom('models').select('id').where('name', '=', name).execute()).length;

  describe('when the projection lags past the wait (4 s lock on model_view)', () => {
    it('a committed create answers the new model, not 404', async () => {
      const owner = await aUser(env.rpc);
      const name = aModelName();
      const model = await withReadModelLocked(4000, () => env.rpc.call('createModel', { actor: owner.actor, body: { name } }));
      expect(model).toMatchObject({ name, authorId: owner.user.id, author: owner.user, userRole: 'owner', version: 1 });
      // And the read model catches up with exactly that, once the lock is gone (its commit follows ours).
      expect(await eventually(() => env.rpc.call('getModel', { actor: owner.actor, body: { id: model.id } }))).toEqual(model);
    });

    it('a committed rename answers the new name, not the old one', async () => {
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner);
      const name = aModelName('Renamed');
      const renamed = await withReadModelLocked(4000, () => env.rpc.call('updateModel', { actor: owner.actor, body: { id: model.id, changes: { name } } }));
      expect(renamed).toMatchObject({ id: model.id, name, version: model.version + 1 });
    });

    it('a committed delete answers the last state', async () => {
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner);
      const deleted = await withReadModelLocked(4000, () => env.rpc.call('deleteModel', { actor: owner.actor, body: { id: model.id } }));
      expect(deleted).toMatchObject({ id: model.id, name: model.name, version: model.version + 1 });
    });
  });

  describe('Idempotency-Key on create', () => {
    it('a repeat with the same key answers the first result and creates nothing', async () => {
      const owner = await aUser(env.rpc);
      const name = aModelName();
      const request = { actor: owner.actor, body: { name }, idempotencyKey: aKey() };
      const first = await env.rpc.call('createModel', request);
      const again = await env.rpc.call('createModel', request);
      expect(again).toEqual(first);
      expect(await modelsNamed(name)).toBe(1);
    });

    it('answers the first result even after the model changed', async () => {
      const owner = await aUser(env.rpc);
      const name = aModelName();
      const request = { actor: owner.actor, body: { name }, idempotencyKey: aKey() };
      const first = await env.rpc.call('createModel', request);
      await env.rpc.call('updateModel', { actor: owner.actor, body: { id: first.id, changes: { name: aModelName('Later') } } });
      await expect(env.rpc.call('createModel', request)).resolves.toEqual(first);
    });

    it('ten parallel repeats create one model, and all answer it', async () => {
      const owner = await aUser(env.rpc);
      const name = aModelName();
      const request = { actor: owner.actor, body: { name }, idempotencyKey: aKey() };
      const answers = await Promise.all(Array.from({ length: 10 }, () => env.rpc.call('createModel', request)));
      expect(new Set(answers.map((a) => a.id)).size).toBe(1);
      expect(await modelsNamed(name)).toBe(1);
    });

    it('the same key with a different body is 422 and creates nothing', async () => {
      const owner = await aUser(env.rpc);
      const key = aKey();
      await env.rpc.call('createModel', { actor: owner.actor, body: { name: aModelName() }, idempotencyKey: key });
      const other = aModelName('Other');
      await expect(env.rpc.fail('createModel', { actor: owner.actor, body: { name: other }, idempotencyKey: key })).resolves.toMatchObject({ statusCode: 422 });
      expect(await modelsNamed(other)).toBe(0);
    });

    it('keys are per user: another user with the same key gets a model of their own', async () => {
      const [ann, bob] = [await aUser(env.rpc), await aUser(env.rpc)];
      const key = aKey();
      const name = aModelName();
      const a = await env.rpc.call('createModel', { actor: ann.actor, body: { name }, idempotencyKey: key });
      const b = await env.rpc.call('createModel', { actor: bob.actor, body: { name }, idempotencyKey: key });
      expect(b.id).not.toBe(a.id);
      expect(b.authorId).toBe(bob.user.id);
    });

    it('without a key, two creates are two models', async () => {
      const owner = await aUser(env.rpc);
      const name = aModelName();
      await env.rpc.call('createModel', { actor: owner.actor, body: { name } });
      await env.rpc.call('createModel', { actor: owner.actor, body: { name } });
      expect(await modelsNamed(name)).toBe(2);
    });
  });
});
