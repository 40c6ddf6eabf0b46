import { FavoriteList } from '@kiln/contracts';
import { randomUUID } from 'node:crypto';
import { aModel, anUnknownId, aUser, SignedUp } from './support/builders';
import { startWorkspace, WorkspaceTestEnv } from './support/test-env';

/** Favorites (spec 000 §2, §4, §7): toggle, list mine, remove by id; the star in model answers. */
describe('workspace service: favorites', () => {
  let env: WorkspaceTestEnv;
  beforeAll(async () => {
    env = await startWorkspace();
  });
  afterAll(async () => {
    await env?.stop();
  });

  const toggle = (who: SignedUp, modelId: string) => env.rpc.call('toggleFavorite', { actor: who.actor, body: { modelId } });
  const favorites = (who: SignedUp, body: Record<string, unknown> = {}) => env.rpc.call('listFavorites', { actor: who.actor, body });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('toggles a star on and off, shown in get and in lists', async () => {
    const owner = await aUser(env.rpc);
    const model = await aModel(env.rpc, owner);

    const on = await toggle(owner, model.id);
    expect(on).toEqual({ modelId: model.id, favorite: true, id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(await env.rpc.call('getModel', { actor: owner.actor, body: { id: model.id } })).toMatchObject({ favorite: true });
    expect((await env.rpc.call('listModels', { actor: owner.actor, body: {} })).data).toMatchObject([{ id: model.id, favorite: true }]);
    const list = await favorites(owner);
    expect(FavoriteList.parse(list)).toEqual(list);
    expect(list).toMatchObject({ total: 1, data: [{ id: on.id, modelId: model.id, model: { id: model.id, userRole: 'owner', favorite: true } }] });

    // The answer names the favorite it removed.
    expect(await toggle(owner, model.id)).toEqual({ modelId: model.id, favorite: false, id: on.id });
    expect(await env.rpc.call('getModel', { actor: owner.actor, body: { id: model.id } })).toMatchObject({ favorite: false });
    expect(await favorites(owner)).toEqual({ data: [], total: 0 });
  });

  it('lets anyone with a role star a shared model; a stranger is told it does not exist', async () => {
    const [owner, viewer, stranger] = await Promise.all([aUser(env.rpc), aUser(env.rpc), aUser(env.rpc)]);
    const model = await aModel(env.rpc, owner);
    await env.rpc.call('shareModel', { actor: owner.actor, body: { id: model.id, changes: { email: viewer.user.email, role: 'viewer' } } });

    await toggle(viewer, model.id);
    expect((await favorites(viewer)).data).toMatchObject([{ modelId: model.id, model: { userRole: 'viewer', favorite: true } }]);
    // Another person's star is not mine.
    expect(await env.rpc.call('getModel', { actor: owner.actor, body: { id: model.id } })).toMatchObject({ favorite: false });
    expect(await env.rpc.fail('toggleFavorite', { actor: stranger.actor, body: { modelId: model.id } })).toEqual({
      statusCode: 404,
      message: 'Model not found.',
    });
    expect((await env.rpc.fail('toggleFavorite', { actor: owner.actor, body: { modelId: anUnknownId() } })).statusCode).toBe(404);
  });

  it('lists newest star first by default; searches, sorts and pages', async () => {
    const owner = await aUser(env.rpc);
    const names = ['Bolt', 'gear wheel', 'Axle', 'Gear box'];
    const models = [];
    for (const name of names) models.push(await aModel(env.rpc, owner, { name }));
    for (const model of models) {
      await toggle(owner, model.id);
      await pause(5);
    }
    const listed = async (body: Record<string, unknown> = {}) => (await favorites(owner, body)).data.map((f) => f.model.name);

    expect(await listed()).toEqual(['Gear box', 'Axle', 'gear wheel', 'Bolt']);
    expect(await listed({ sort: 'name ASC' })).toEqual(['Axle', 'Bolt', 'Gear box', 'gear wheel']);
    expect(await favorites(owner, { where: JSON.stringify({ name: { contains: 'GEAR' } }), sort: 'name DESC' })).toMatchObject({
      total: 2,
      data: [{ model: { name: 'gear wheel' } }, { model: { name: 'Gear box' } }],
    });
    expect(await favorites(owner, { skip: 1, limit: 2 })).toMatchObject({ total: 4, data: [{ model: { name: 'Axle' } }, { model: { name: 'gear wheel' } }] });
  });

  it('removes my own favorite by id; someone else’s is not found', async () => {
    const [owner, other] = await Promise.all([aUser(env.rpc), aUser(env.rpc)]);
    const model = await aModel(env.rpc, owner);
    const { id } = await toggle(owner, model.id);

    expect(await env.rpc.fail('removeFavorite', { actor: other.actor, body: { id: id! } })).toEqual({ statusCode: 404, message: 'Favorite not found.' });
    const removed = await env.rpc.call('removeFavorite', { actor: owner.actor, body: { id: id! } });
    expect(removed).toMatchObject({ id, modelId: model.id, model: { id: model.id, favorite: false } });
    expect(await favorites(owner)).toEqual({ data: [], total: 0 });
    expect((await env.rpc.fail('removeFavorite', { actor: owner.actor, body: { id: id! } })).statusCode).toBe(404);
  });

  it('hides the favorite of a model I can no longer see', async () => {
    const [owner, friend] = await Promise.all([aUser(env.rpc), aUser(env.rpc)]);
    const model = await aModel(env.rpc, owner);
    const { data } = await env.rpc.call('shareModel', { actor: owner.actor, body: { id: model.id, changes: { email: friend.user.email, role: 'editor' } } });
    await toggle(friend, model.id);
    await env.rpc.call('removeShare', { actor: owner.actor, body: { id: data[0].id } });
    expect(await favorites(friend)).toEqual({ data: [], total: 0 });
  });

  describe('favorite_view', () => {
    const live = () => env.db.withSchema('workspace').selectFrom('favorite_view').selectAll().where('deleted_at', 'is', null).orderBy('id').execute();

    it('rebuilt from favorites equals the live view', async () => {
      const { rebuildProjection } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
      const { ProjectFavoritesOnFavoriteEvents } = require('../src/sharing/projections/project-favorites-on-favorite-events');
      const owner = await aUser(env.rpc);
      const [a, b] = [await aModel(env.rpc, owner), await aModel(env.rpc, owner)];
      await toggle(owner, a.id);
      await toggle(owner, b.id);
      await toggle(owner, a.id);

      const before = await live();
      expect(before.length).toBeGreaterThan(0);
      await rebuildProjection(env.db, 'workspace', ProjectFavoritesOnFavoriteEvents);
      expect(await live()).toEqual(before);
    });

    it('keeps a removed favorite removed when its addition arrives late', async () => {
      const { ProjectFavoritesOnFavoriteEvents } = require('../src/sharing/projections/project-favorites-on-favorite-events');
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner);
      const { id } = await toggle(owner, model.id);
      await toggle(owner, model.id);
      const added = await env.db
        .withSchema('workspace')
        .selectFrom('outbox')
        .select('payload')
        .where('type', '=', 'workspace.favorite.added.v1')
        .where('payload', '@>', JSON.stringify({ aggregateId: id }) as never)
        .executeTakeFirstOrThrow();

      await env.db.transaction().execute((trx) => ProjectFavoritesOnFavoriteEvents.apply(trx, { ...(added.payload as object), eventId: randomUUID() }));

      expect(await favorites(owner)).toEqual({ data: [], total: 0 });
      expect(await env.rpc.call('getModel', { actor: owner.actor, body: { id: model.id } })).toMatchObject({ favorite: false });
    });
  });
});
