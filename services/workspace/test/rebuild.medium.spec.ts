import { aModel, aUser } from './support/builders';
import { startWorkspace, WorkspaceTestEnv } from './support/test-env';

describe('workspace service: rebuilding the read models from the outbox', () => {
  let env: WorkspaceTestEnv;
  beforeAll(async () => {
    env = await startWorkspace();
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('gives back the same lists after model_view and user_view are rebuilt from scratch', async () => {
    // Loaded after startWorkspace() set the namespace (see test-env.ts).
    const { rebuildProjection } = require('@kiln/service-kit');
    const { ProjectModelsOnModelEvents } = require('../src/models/projections/project-models-on-model-events');
    const { ProjectUsersOnUserRegistered } = require('../src/users/projections/project-users-on-user-registered');

    const owner = await aUser(env.rpc, { fullName: 'Rebuild Owner' });
    const kept = await aModel(env.rpc, owner, { name: 'Kept gear' });
    const renamed = await aModel(env.rpc, owner, { name: 'Old name' });
    const deleted = await aModel(env.rpc, owner, { name: 'Gone gear' });
    await env.rpc.call('updateModel', { actor: owner.actor, body: { id: renamed.id, changes: { name: 'New name' } } });
    await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: deleted.id } });
    const query = { sort: 'name ASC', populate: '["author","contributor"]' };
    const before = await env.rpc.call('listModels', { actor: owner.actor, body: query });
    expect(before.data.map((m) => m.name)).toEqual(['Kept gear', 'New name']);

    // Lose the read models entirely, then rebuild them.
    await env.db.withSchema('workspace').deleteFrom('model_view').execute();
    await env.db.withSchema('workspace').deleteFrom('user_view').execute();
    expect((await env.rpc.call('listModels', { actor: owner.actor, body: query })).total).toBe(0);
    await rebuildProjection(env.db, 'workspace', ProjectUsersOnUserRegistered);
    const applied = await rebuildProjection(env.db, 'workspace', ProjectModelsOnModelEvents);

    expect(applied).toBeGreaterThanOrEqual(5);
    expect(await env.rpc.call('listModels', { actor: owner.actor, body: query })).toEqual(before);
    expect((await env.rpc.call('getModel', { actor: owner.actor, body: { id: kept.id } })).author?.fullName).toBe('Rebuild Owner');
  });
});
