import { Product } from '@kiln/contracts';
import { DomainError, PRODUCT_MESSAGES, ProductAggregate } from '@kiln/domain';
import { sql } from 'kysely';
import { aModel, aUser, SignedUp } from '../../workspace/test/support/builders';
import { eventually } from '../../workspace/test/support/test-env';
import { CommerceTestEnv, startCommerce } from './support/commerce-env';

/**
 * Products over NATS, with the real workspace answering who may publish a model: the event store (expected
 * versions, concurrent writers), the status rules, who may see and do what, the product_view projection and
 * its rebuild from the events table.
 */
describe('commerce service: products (event-sourced, over NATS)', () => {
  let env: CommerceTestEnv;
  let owner: SignedUp;
  let stranger: SignedUp;
  let moderator: SignedUp;
  beforeAll(async () => {
    env = await startCommerce();
    const rpc = env.workspace.rpc;
    [owner, stranger, moderator] = [await aUser(rpc), await aUser(rpc), await aUser(rpc, { email: env.moderatorEmail })];
  });
  afterAll(async () => {
    await env?.stop();
  });

  const publish = async (who: SignedUp, body: { title?: string; productionReady?: boolean; action?: 'publish' | 'draft' } = {}) => {
    const model = await aModel(env.workspace.rpc, who);
    const product = await env.call('publishProduct', {
      actor: who.actor,
      body: { modelId: model.id, title: `Gear ${model.name}`, productionReady: true, ...body },
    });
    return { model, product };
  };
  const approve = (id: string, who = moderator) => env.call('moderateProduct', { actor: who.actor, body: { id, changes: { decision: 'approve' } } });
  const events = (id: string) =>
    env.db.withSchema('commerce').selectFrom('events').select(['version', 'type', 'actor_id']).where('stream_id', '=', id).orderBy('version').execute();
  const viewRow = (id: string) => env.db.withSchema('commerce').selectFrom('product_view').selectAll().where('id', '=', id).executeTakeFirst();

  describe('publishing', () => {
    it('the owner publishes a model: non moderated, one event in its stream, visible to the owner and moderators only', async () => {
      const { model, product } = await publish(owner, { title: '  Turbine  ' });
      expect(product).toMatchObject({
        status: 'non moderated',
        title: 'Turbine',
        model: model.id,
        ownerId: owner.user.id,
        image: null,
        productionReady: true,
        publishedAt: null,
        version: 1,
      });
      expect(await events(product.id)).toEqual([{ version: 1, type: 'commerce.product.created.v1', actor_id: owner.user.id }]);
      expect(await env.call('getProduct', { actor: owner.actor, body: { id: product.id } })).toEqual(product);
      expect(await env.call('getProduct', { actor: moderator.actor, body: { id: product.id } })).toEqual(product);
      expect(await env.fail('getProduct', { actor: stranger.actor, body: { id: product.id } })).toMatchObject({
        statusCode: 404,
        message: PRODUCT_MESSAGES.notFound,
      });
    });

    it("only the model's owner publishes it: an editor it is shared with gets 403, a stranger 404, a second product 409", async () => {
      const model = await aModel(env.workspace.rpc, owner);
      await env.workspace.rpc.call('shareModel', { actor: owner.actor, body: { id: model.id, changes: { email: stranger.user.email, role: 'editor' } } });
      expect(await env.fail('publishProduct', { actor: stranger.actor, body: { modelId: model.id, title: 'Mine now' } })).toMatchObject({
        statusCode: 403,
        message: PRODUCT_MESSAGES.ownerOnlyPublish,
      });
      const hidden = await aModel(env.workspace.rpc, owner);
      expect(await env.fail('publishProduct', { actor: stranger.actor, body: { modelId: hidden.id, title: 'Mine now' } })).toMatchObject({
        statusCode: 404,
        message: PRODUCT_MESSAGES.modelNotFound,
      });
      await env.call('publishProduct', { actor: owner.actor, body: { modelId: model.id, title: 'First' } });
      expect(await env.fail('publishProduct', { actor: owner.actor, body: { modelId: model.id, title: 'Second' } })).toMatchObject({
        statusCode: 409,
        message: PRODUCT_MESSAGES.alreadyHasProduct,
      });
      const claims = await env.db.withSchema('commerce').selectFrom('product_models').select('product_id').where('model_id', '=', model.id).execute();
      expect(claims).toHaveLength(1);
    });

    it('checks the title and image with the sentences people read (400)', async () => {
      const model = await aModel(env.workspace.rpc, owner);
      expect(await env.fail('publishProduct', { actor: owner.actor, body: { modelId: model.id, title: '   ' } })).toMatchObject({
        statusCode: 400,
        message: PRODUCT_MESSAGES.titleRequired,
      });
      expect(await env.fail('publishProduct', { actor: owner.actor, body: { modelId: model.id, title: 'Ok', image: 'javascript:alert(1)' } })).toMatchObject({
        statusCode: 400,
        message: PRODUCT_MESSAGES.imageUrl,
      });
      expect(await env.fail('publishProduct', { actor: owner.actor, body: { modelId: model.id, title: 'Ok', extra: 1 } })).toMatchObject({ statusCode: 400 });
    });

    it('a repeated publish with the same Idempotency-Key answers the first product', async () => {
      const model = await aModel(env.workspace.rpc, owner);
      const request = { actor: owner.actor, body: { modelId: model.id, title: 'Once' }, idempotencyKey: `key-${model.id}` };
      const first = await env.call('publishProduct', request);
      expect(await env.call('publishProduct', request)).toEqual(first);
    });
  });

  describe("moderation and the author's changes", () => {
    it('moderators only: the queue is oldest first and 403 for others; approving publishes, the marketplace lists production-ready ones', async () => {
      const a = await publish(owner, { productionReady: true });
      const b = await publish(owner, { productionReady: false });
      expect(await env.fail('listModeration', { actor: owner.actor, body: {} })).toMatchObject({ statusCode: 403, message: PRODUCT_MESSAGES.moderatorsOnly });
      expect(await env.fail('moderateProduct', { actor: stranger.actor, body: { id: a.product.id, changes: { decision: 'approve' } } })).toMatchObject({
        statusCode: 403,
      });
      const queue = await env.call('listModeration', { actor: moderator.actor, body: { skip: 0, limit: 100 } });
      const ids = queue.data.map((p) => p.id);
      expect(ids.indexOf(a.product.id)).toBeLessThan(ids.indexOf(b.product.id));
      expect(queue.data.every((p) => p.status === 'non moderated')).toBe(true);

      const approved = await approve(a.product.id);
      expect(approved).toMatchObject({ status: 'published', publishedAt: expect.any(String), version: 2 });
      await approve(b.product.id);
      const market = await env.call('listProducts', { actor: stranger.actor, body: { skip: 0, limit: 100 } });
      expect(market.data.map((p) => p.id)).toContain(a.product.id);
      expect(market.data.map((p) => p.id)).not.toContain(b.product.id);
      expect(market.data.every((p) => p.status === 'published' && p.productionReady)).toBe(true);
      expect(market.total).toBe(market.data.length);
      expect(await env.call('getProduct', { actor: stranger.actor, body: { id: a.product.id } })).toMatchObject({ status: 'published' });
      expect(await env.fail('moderateProduct', { actor: moderator.actor, body: { id: a.product.id, changes: { decision: 'approve' } } })).toMatchObject({
        statusCode: 409,
        message: PRODUCT_MESSAGES.notWaiting,
      });
    });

    it('rejection needs a reason; a moderator may not moderate their own product', async () => {
      const { product } = await publish(owner);
      expect(await env.fail('moderateProduct', { actor: moderator.actor, body: { id: product.id, changes: { decision: 'reject' } } })).toMatchObject({
        statusCode: 400,
        message: PRODUCT_MESSAGES.reasonRequired,
      });
      const rejected = await env.call('moderateProduct', {
        actor: moderator.actor,
        body: { id: product.id, changes: { decision: 'reject', reason: 'The image is missing.' } },
      });
      expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'The image is missing.' });
      const own = await publish(moderator);
      expect(await env.fail('moderateProduct', { actor: moderator.actor, body: { id: own.product.id, changes: { decision: 'approve' } } })).toMatchObject({
        statusCode: 403,
        message: PRODUCT_MESSAGES.ownProduct,
      });
    });

    it('only the owner republishes, saves as draft or unpublishes; unpublishing clears publishedAt', async () => {
      const { product } = await publish(owner);
      expect(await env.fail('updateProduct', { actor: stranger.actor, body: { id: product.id, changes: { action: 'draft' } } })).toMatchObject({
        statusCode: 404,
      });
      expect(await env.fail('updateProduct', { actor: moderator.actor, body: { id: product.id, changes: { action: 'draft' } } })).toMatchObject({
        statusCode: 403,
        message: PRODUCT_MESSAGES.ownerOnly,
      });
      await approve(product.id);
      expect(await env.fail('updateProduct', { actor: stranger.actor, body: { id: product.id, changes: { action: 'unpublish' } } })).toMatchObject({
        statusCode: 403,
        message: PRODUCT_MESSAGES.ownerOnly,
      });
      const republished = await env.call('updateProduct', { actor: owner.actor, body: { id: product.id, changes: { action: 'publish', title: 'New title' } } });
      expect(republished).toMatchObject({ status: 'non moderated', title: 'New title', publishedAt: expect.any(String) });
      const unpublished = await env.call('updateProduct', { actor: owner.actor, body: { id: product.id, changes: { action: 'unpublish' } } });
      expect(unpublished).toMatchObject({ status: 'unpublished', publishedAt: null, version: 4 });
      expect(await env.fail('getProduct', { actor: stranger.actor, body: { id: product.id } })).toMatchObject({ statusCode: 404 });
      expect((await events(product.id)).map((e) => e.type)).toEqual([
        'commerce.product.created.v1',
        'commerce.product.approved.v1',
        'commerce.product.submitted.v1',
        'commerce.product.unpublished.v1',
      ]);
    });
  });

  describe('the event store', () => {
    it('two writers of the same version: one wins, the other gets 409 and writes nothing; its retry then lands on top', async () => {
      const { product } = await publish(owner);
      const { PRODUCT_REPOSITORY } = require('../src/products/ports/product.repository.port');
      const repository = env.app.get(PRODUCT_REPOSITORY, { strict: false }) as import('../src/products/ports/product.repository.port').ProductRepository;
      const [first, second] = [await repository.load(product.id), await repository.load(product.id)] as ProductAggregate[];
      const me = { userId: owner.user.id, moderator: false };
      first.change(me, 'draft', { title: 'Writer one' }, new Date());
      second.change(me, 'draft', { title: 'Writer two' }, new Date());
      const outcomes = await Promise.allSettled([
        repository.save(first, { actorId: me.userId, occurredAt: new Date() }),
        repository.save(second, { actorId: me.userId, occurredAt: new Date() }),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const lost = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(lost.reason).toBeInstanceOf(DomainError);
      expect(lost.reason).toMatchObject({ kind: 'conflict', message: PRODUCT_MESSAGES.changedMeanwhile });
      expect(await events(product.id)).toHaveLength(2);
      // Nothing lost: the loser reloads and its change goes on top of the winner's.
      const retry = (await repository.load(product.id))!;
      retry.change(me, 'publish', { title: 'Writer again' }, new Date());
      await repository.save(retry, { actorId: me.userId, occurredAt: new Date() });
      expect((await events(product.id)).map((e) => e.version)).toEqual([1, 2, 3]);
      await eventually(async () => expect(await viewRow(product.id)).toMatchObject({ title: 'Writer again', status: 'non moderated', version: 3 }));
    });

    it('many concurrent requests: each succeeds or gets 409, the stream has exactly the successes, in order', async () => {
      const { product } = await publish(owner);
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          env.call('updateProduct', { actor: owner.actor, body: { id: product.id, changes: { action: i % 2 ? 'draft' : 'publish', title: `Try ${i}` } } }),
        ),
      );
      const ok = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<Product>[];
      for (const r of results)
        if (r.status === 'rejected') expect(r.reason.body).toMatchObject({ statusCode: 409, message: PRODUCT_MESSAGES.changedMeanwhile });
      expect(ok.length).toBeGreaterThanOrEqual(1);
      const stored = await events(product.id);
      expect(stored.map((e) => e.version)).toEqual(Array.from({ length: ok.length + 1 }, (_, i) => i + 1));
      expect(ok.map((r) => r.value.version).sort()).toEqual(stored.slice(1).map((e) => e.version));
    });

    it('the view rebuilt from the events table equals the live one', async () => {
      const { product } = await publish(owner);
      await approve(product.id);
      await env.call('updateProduct', { actor: owner.actor, body: { id: product.id, changes: { action: 'unpublish' } } });
      const { ProjectProductsOnProductEvents } = require('../src/products/projections/project-products-on-product-events');
      const { rebuildProjection } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
      const all = () => env.db.withSchema('commerce').selectFrom('product_view').selectAll().orderBy('id').execute();
      await eventually(async () => {
        const { n } = await env.db
          .withSchema('commerce')
          .selectFrom('events')
          .select(sql<number>`count(DISTINCT stream_id)`.as('n'))
          .executeTakeFirstOrThrow();
        expect(await all()).toHaveLength(Number(n));
      });
      const live = await all();
      const rows = await rebuildProjection(env.db, 'commerce', ProjectProductsOnProductEvents);
      expect(rows).toBe(live.length);
      expect(await all()).toEqual(live);
      expect(await viewRow(product.id)).toMatchObject({ status: 'unpublished', published_at: null, version: 3 });
    });
  });
});
