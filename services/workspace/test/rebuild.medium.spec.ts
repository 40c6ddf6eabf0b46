import { aModel, aModelName, aUser } from './support/builders';
import { startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * Read models rebuild from the write-side state (published outbox rows are pruned), and a rebuild while
 * commands keep coming ends equal to the state, each event applied once.
 */
describe('workspace service: rebuilding the read models', () => {
  let env: WorkspaceTestEnv;
  let rebuildProjection: typeof import('@kiln/service-kit').rebuildProjection;
  let ProjectModelsOnModelEvents: import('@kiln/service-kit').Projection;
  let ProjectUsersOnUserRegistered: import('@kiln/service-kit').Projection;
  beforeAll(async () => {
    env = await startWorkspace();
    // Loaded after startWorkspace() set the namespace (see test-env.ts).
    ({ rebuildProjection } = require('@kiln/service-kit'));
    ({ ProjectModelsOnModelEvents } = require('../src/models/projections/project-models-on-model-events'));
    ({ ProjectUsersOnUserRegistered } = require('../src/users/projections/project-users-on-user-registered'));
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('gives back the same lists after model_view and user_view are rebuilt from scratch, even with the outbox pruned', async () => {
    const owner = await aUser(env.rpc, { fullName: 'Rebuild Owner' });
    const kept = await aModel(env.rpc, owner, { name: 'Kept gear' });
    const renamed = await aModel(env.rpc, owner, { name: 'Old name' });
    const deleted = await aModel(env.rpc, owner, { name: 'Gone gear' });
    await env.rpc.call('updateModel', { actor: owner.actor, body: { id: renamed.id, changes: { name: 'New name' } } });
    await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: deleted.id } });
    const query = { sort: 'name ASC', populate: '["author","contributor"]' };
    const before = await env.rpc.call('listModels', { actor: owner.actor, body: query });
    expect(before.data.map((m) => m.name)).toEqual(['Kept gear', 'New name']);

    // Lose the read models and every event, then rebuild.
    await env.db.withSchema('workspace').deleteFrom('model_view').execute();
    await env.db.withSchema('workspace').deleteFrom('user_view').execute();
    await env.db.withSchema('workspace').deleteFrom('outbox').where('published_at', 'is not', null).execute();
    expect((await env.rpc.call('listModels', { actor: owner.actor, body: query })).total).toBe(0);
    await rebuildProjection(env.db, 'workspace', ProjectUsersOnUserRegistered);
    await rebuildProjection(env.db, 'workspace', ProjectModelsOnModelEvents);

    expect(await env.rpc.call('listModels', { actor: owner.actor, body: query })).toEqual(before);
    expect((await env.rpc.call('getModel', { actor: owner.actor, body: { id: kept.id } })).author?.fullName).toBe('Rebuild Owner');
  });

  it('ends equal to the models state, tombstones kept, when rebuilt while models are created, renamed and deleted', async () => {
    const owner = await aUser(env.rpc);
    const deletedEarlier = await aModel(env.rpc, owner);
    await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: deletedEarlier.id } });

    let running = true;
    const traffic = (async () => {
      const deleted: string[] = [];
      for (let i = 0; running || i < 6; i++) {
        const model = await aModel(env.rpc, owner);
        await env.rpc.call('updateModel', { actor: owner.actor, body: { id: model.id, changes: { name: aModelName('Renamed') } } });
        if (i % 3 === 0) {
          await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: model.id } });
          deleted.push(model.id);
        }
      }
      return deleted;
    })();
    let rebuilds = 0;
    for (; rebuilds < 5; rebuilds++) {
      await rebuildProjection(env.db, 'workspace', ProjectModelsOnModelEvents);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    running = false;
    const deleted = await traffic;
    await env.runtime.relay.wake();
    const { waitForProjection } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
    const eventIds = (await env.db.withSchema('workspace').selectFrom('outbox').select('event_id').where('type', 'like', 'workspace.model.%').execute()).map(
      (r) => r.event_id,
    );
    expect(await waitForProjection(env.db, 'workspace', ProjectModelsOnModelEvents.name, eventIds, { timeoutMs: 10_000 })).toBe(true);

    const columns = ['id', 'name', 'description', 'author_id', 'team_id', 'project_id', 'shared_with_everyone', 'hidden', 'version'] as const;
    const state = await env.db.withSchema('workspace').selectFrom('models').select(columns).where('author_id', '=', owner.user.id).orderBy('id').execute();
    const live = await env.db
      .withSchema('workspace')
      .selectFrom('model_view')
      .select(columns)
      .where('author_id', '=', owner.user.id)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    expect(live).toEqual(state);
    const tombstones = await env.db
      .withSchema('workspace')
      .selectFrom('model_view')
      .select('id')
      .where('author_id', '=', owner.user.id)
      .where('deleted_at', 'is not', null)
      .execute();
    expect(tombstones.map((t) => t.id).sort()).toEqual([deletedEarlier.id, ...deleted].sort());
    // Each event was applied once: one processed row per event, none left unapplied.
    const processed = await env.db
      .withSchema('workspace')
      .selectFrom('processed_events')
      .select('event_id')
      .where('consumer', '=', ProjectModelsOnModelEvents.name)
      .execute();
    expect(processed.length).toBe(new Set(processed.map((p) => p.event_id)).size);
    expect(deleted.length).toBeGreaterThan(0);
  });
});
