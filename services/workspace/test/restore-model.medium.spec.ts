import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { aModel, aUser, SignedUp } from './support/builders';
import { eventually, startWorkspace, WorkspaceTestEnv } from './support/test-env';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Restoring a deleted model from "Recently deleted" (issue 17, ADR 0048): the owner's deleted models are
 * listed for 30 days and restored with their shares and favorites; after that they are gone. The clock is
 * the service's clock port, moved by the test.
 */
describe('workspace service: recently deleted models and restoring them', () => {
  let env: WorkspaceTestEnv;
  let clock: { now(): Date };
  let realNow: () => Date;
  let offsetMs = 0;
  beforeAll(async () => {
    env = await startWorkspace();
    // Loaded after startWorkspace() set the namespace: the same object the service was given as CLOCK.
    clock = require('@kiln/service-kit').systemClock;
    realNow = clock.now;
    clock.now = () => new Date(Date.now() + offsetMs);
  });
  afterEach(() => {
    offsetMs = 0;
  });
  afterAll(async () => {
    if (clock) clock.now = realNow;
    await env?.stop();
  });

  const recentlyDeleted = (who: SignedUp, body: Record<string, unknown> = {}) => env.rpc.call('listRecentlyDeleted', { actor: who.actor, body });
  const restore = (who: SignedUp, id: string) => env.rpc.call('restoreModel', { actor: who.actor, body: { id } });
  const remove = (who: SignedUp, id: string) => env.rpc.call('deleteModel', { actor: who.actor, body: { id } });
  const share = (owner: SignedUp, id: string, email: string, role: 'viewer' | 'editor') =>
    env.rpc.call('shareModel', { actor: owner.actor, body: { id, changes: { email, role } } });
  const sharedWith = async (who: SignedUp) => (await env.rpc.call('listSharedWithMe', { actor: who.actor, body: {} })).data.map((s) => s.model?.id);
  const favoritesOf = async (who: SignedUp) => (await env.rpc.call('listFavorites', { actor: who.actor, body: {} })).data.map((f) => f.modelId);

  it("lists my deleted models newest first with the days left, paged, and nobody else's", async () => {
    const [owner, other] = await Promise.all([aUser(env.rpc), aUser(env.rpc)]);
    const first = await aModel(env.rpc, owner, { name: 'First gone' });
    const second = await aModel(env.rpc, owner, { name: 'Second gone' });
    await aModel(env.rpc, owner, { name: 'Still here' });
    await remove(owner, first.id);
    offsetMs = DAY_MS;
    await remove(owner, second.id);
    offsetMs = 3 * DAY_MS;

    const list = await recentlyDeleted(owner);
    expect(list.total).toBe(2);
    expect(list.data.map((m) => [m.name, m.daysLeft])).toEqual([
      ['Second gone', 28],
      ['First gone', 27],
    ]);
    expect(list.data[0]).toEqual({
      id: second.id,
      name: 'Second gone',
      teamId: null,
      projectId: null,
      deletedAt: expect.any(String),
      restorableUntil: expect.any(String),
      daysLeft: 28,
    });
    expect(Date.parse(list.data[0].restorableUntil) - Date.parse(list.data[0].deletedAt)).toBe(30 * DAY_MS);
    expect((await recentlyDeleted(owner, { skip: 1, limit: 1 })).data.map((m) => m.id)).toEqual([first.id]);
    expect(await recentlyDeleted(other)).toEqual({ data: [], total: 0 });
    // A deleted model is in no list and no get.
    expect((await env.rpc.call('listModels', { actor: owner.actor, body: {} })).data.map((m) => m.name)).toEqual(['Still here']);
    expect((await env.rpc.fail('getModel', { actor: owner.actor, body: { id: first.id } })).statusCode).toBe(404);
  });

  it('restores the model with its shares and favorites (of people who still exist); twice is a conflict', async () => {
    const [owner, viewer, editor, fan] = await Promise.all([aUser(env.rpc), aUser(env.rpc), aUser(env.rpc), aUser(env.rpc)]);
    const pendingEmail = `pending-${randomUUID().slice(0, 8)}@example.com`;
    const model = await aModel(env.rpc, owner, { name: 'Comes back' });
    await share(owner, model.id, viewer.user.email, 'viewer');
    await share(owner, model.id, editor.user.email, 'editor');
    await share(owner, model.id, pendingEmail, 'viewer');
    await env.rpc.call('toggleFavorite', { actor: viewer.actor, body: { modelId: model.id } });
    await env.rpc.call('toggleFavorite', { actor: owner.actor, body: { modelId: model.id } });
    await env.rpc.call('shareWithEveryone', { actor: owner.actor, body: { id: model.id, changes: { shareAs: 'viewer' } } });
    await env.rpc.call('toggleFavorite', { actor: fan.actor, body: { modelId: model.id } });

    await remove(owner, model.id);
    // The deletion's reaction ends the shares and favorites.
    await eventually(async () => {
      expect(await sharedWith(viewer)).not.toContain(model.id);
      expect(await favoritesOf(viewer)).not.toContain(model.id);
      expect(await favoritesOf(fan)).not.toContain(model.id);
    });
    // Someone who had it favorited leaves meanwhile: their favorite cannot come back.
    await env.db.withSchema('workspace').deleteFrom('users').where('id', '=', fan.user.id).execute();

    offsetMs = 10 * DAY_MS;
    const restored = await restore(owner, model.id);
    expect(restored).toMatchObject({ id: model.id, name: 'Comes back', userRole: 'owner', sharedWithEveryone: 'viewer' });
    expect(await recentlyDeleted(owner)).toEqual({ data: [], total: 0 });
    expect((await env.rpc.call('listModels', { actor: owner.actor, body: {} })).data.map((m) => m.id)).toEqual([model.id]);
    // Other people's lists are other projections' views (shared lists): they follow, not before the answer.
    await eventually(async () => {
      expect(await sharedWith(viewer)).toEqual([model.id]);
      expect(await sharedWith(editor)).toEqual([model.id]);
      expect(await favoritesOf(viewer)).toEqual([model.id]);
    });
    expect(await favoritesOf(owner)).toEqual([model.id]);
    const shares = await env.rpc.call('getModelShares', { actor: owner.actor, body: { id: model.id } });
    expect(shares.data.map((s) => [s.email, s.role]).sort()).toEqual(
      [
        [editor.user.email, 'editor'],
        [pendingEmail, 'viewer'],
        [viewer.user.email, 'viewer'],
      ].sort(),
    );
    expect(
      await env.db
        .withSchema('workspace')
        .selectFrom('favorites')
        .select('user_id')
        .where('model_id', '=', model.id)
        .where('user_id', '=', fan.user.id)
        .execute(),
    ).toEqual([]);

    expect(await env.rpc.fail('restoreModel', { actor: owner.actor, body: { id: model.id } })).toEqual({
      statusCode: 409,
      message: 'This model is not deleted, so there is nothing to restore.',
    });
  });

  it("is the owner's only: others are told it does not exist", async () => {
    const [owner, viewer, stranger] = await Promise.all([aUser(env.rpc), aUser(env.rpc), aUser(env.rpc)]);
    const model = await aModel(env.rpc, owner);
    await share(owner, model.id, viewer.user.email, 'viewer');
    await remove(owner, model.id);
    for (const who of [viewer, stranger])
      expect(await env.rpc.fail('restoreModel', { actor: who.actor, body: { id: model.id } })).toEqual({ statusCode: 404, message: 'Model not found.' });
    expect((await recentlyDeleted(owner)).total).toBe(1);
  });

  it('refuses after 30 days with a sentence, leaves it out of the list, and the prune job removes it for good', async () => {
    const owner = await aUser(env.rpc);
    const model = await aModel(env.rpc, owner, { name: 'Too late' });
    await remove(owner, model.id);
    offsetMs = 30 * DAY_MS + 60_000;
    expect(await env.rpc.fail('restoreModel', { actor: owner.actor, body: { id: model.id } })).toEqual({
      statusCode: 410,
      message: 'This model was deleted more than 30 days ago and cannot be restored.',
    });
    expect(await recentlyDeleted(owner)).toEqual({ data: [], total: 0 });

    const { workspacePruneHooks } = require('../src/workspace-prune');
    const pruned = await env.db.transaction().execute((trx) => workspacePruneHooks.deleted_models(trx, clock.now()));
    expect(Number(pruned)).toBeGreaterThanOrEqual(1);
    expect(await env.db.withSchema('workspace').selectFrom('deleted_models').select('id').where('id', '=', model.id).execute()).toEqual([]);
    expect(await env.rpc.fail('restoreModel', { actor: owner.actor, body: { id: model.id } })).toEqual({ statusCode: 404, message: 'Model not found.' });
  });

  it('keeps the shares and favorites when the deletion reaction runs while the restore is in flight', async () => {
    const { EndSharesAndFavoritesOnModelDeleted } = require('../src/sharing/reactions/end-shares-and-favorites-on-model-deleted');
    const [owner, friend] = await Promise.all([aUser(env.rpc), aUser(env.rpc)]);
    const model = await aModel(env.rpc, owner, { name: 'Raced' });
    await share(owner, model.id, friend.user.email, 'editor');
    await env.rpc.call('toggleFavorite', { actor: friend.actor, body: { modelId: model.id } });
    const waitingOn = async (table: string) =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like ${`%"${table}"%`}`.execute(env.db)
        ).rows[0].n,
      );

    // The test holds the share's row, so the deletion's reaction stops after it looked for the model.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const holding = env.db.transaction().execute(async (trx) => {
      await trx.withSchema('workspace').selectFrom('model_shares').select('id').where('model_id', '=', model.id).forUpdate().execute();
      held();
      await released;
    });
    await isHeld;
    await remove(owner, model.id);
    await eventually(async () => expect(await waitingOn('model_shares')).toBeGreaterThan(0));

    // The restore runs meanwhile: it either finishes or waits for the reaction.
    let restoreSettled = false;
    const restoring = restore(owner, model.id).finally(() => (restoreSettled = true));
    await eventually(async () => expect(restoreSettled || (await waitingOn('deleted_models')) > 0).toBe(true));
    release();
    await holding;
    await restoring;

    // Once the reaction to the deletion has run, the restored model still has its share and favorite.
    const deletion = await env.db
      .withSchema('workspace')
      .selectFrom('outbox')
      .select('event_id')
      .where('type', '=', 'workspace.model.deleted.v1')
      .where(sql<string>`payload->'data'->'model'->>'id'`, '=', model.id)
      .executeTakeFirstOrThrow();
    const { waitForProjection } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
    expect(await waitForProjection(env.db, 'workspace', EndSharesAndFavoritesOnModelDeleted.name, [deletion.event_id], { timeoutMs: 30_000 })).toBe(true);
    const t = env.db.withSchema('workspace');
    expect(await t.selectFrom('model_shares').select('user_id').where('model_id', '=', model.id).execute()).toEqual([{ user_id: friend.user.id }]);
    expect(await t.selectFrom('favorites').select('user_id').where('model_id', '=', model.id).execute()).toEqual([{ user_id: friend.user.id }]);
    await eventually(async () => {
      expect(await sharedWith(friend)).toEqual([model.id]);
      expect(await favoritesOf(friend)).toEqual([model.id]);
    });
  });

  it('leaves read models equal to a rebuild from the state after delete and restore', async () => {
    const { rebuildProjection } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
    const { ProjectModelsOnModelEvents } = require('../src/models/projections/project-models-on-model-events');
    const { ProjectModelSharesOnShareEvents } = require('../src/sharing/projections/project-model-shares-on-share-events');
    const { ProjectFavoritesOnFavoriteEvents } = require('../src/sharing/projections/project-favorites-on-favorite-events');
    const [owner, friend] = await Promise.all([aUser(env.rpc), aUser(env.rpc)]);
    const model = await aModel(env.rpc, owner, { name: 'Replayed' });
    await share(owner, model.id, friend.user.email, 'editor');
    await env.rpc.call('toggleFavorite', { actor: friend.actor, body: { modelId: model.id } });
    await remove(owner, model.id);
    await eventually(async () => expect(await favoritesOf(friend)).toEqual([]));
    await restore(owner, model.id);
    await env.rpc.call('updateModel', { actor: owner.actor, body: { id: model.id, changes: { name: 'Replayed again' } } });

    const live = (table: string) =>
      env.db
        .withSchema('workspace')
        .selectFrom(table as 'model_view')
        .selectAll()
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
    const views = async () => ({ models: await live('model_view'), shares: await live('model_share_view'), favorites: await live('favorite_view') });
    // The shared lists copy the rename asynchronously (the answer waits for model_view only).
    const before = await eventually(async () => {
      const settled = await views();
      expect(settled.models.filter((m) => m.id === model.id)).toMatchObject([{ name: 'Replayed again', version: 4 }]);
      for (const rows of [settled.shares, settled.favorites]) {
        expect((rows as unknown as { model_id: string; model_version: number }[]).filter((r) => r.model_id === model.id).map((r) => r.model_version)).toEqual([
          4,
        ]);
      }
      return settled;
    });
    for (const projection of [ProjectModelsOnModelEvents, ProjectModelSharesOnShareEvents, ProjectFavoritesOnFavoriteEvents])
      await rebuildProjection(env.db, 'workspace', projection);
    expect(await views()).toEqual(before);
    // Each event applied once.
    const processed = await env.db.withSchema('workspace').selectFrom('processed_events').select(['consumer', 'event_id']).execute();
    expect(processed.length).toBe(new Set(processed.map((p) => `${p.consumer} ${p.event_id}`)).size);
  });
});
