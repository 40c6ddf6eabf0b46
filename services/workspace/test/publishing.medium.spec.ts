import { Model, Product } from '@kiln/contracts';
import { nsSubject } from '@kiln/service-kit';
import { randomBytes, randomUUID } from 'node:crypto';
import { aModel, aUser, SignedUp } from './support/builders';
import { eventually, startWorkspace, WorkspaceTestEnv } from './support/test-env';

const id = () => randomBytes(12).toString('hex');
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute)).toISOString();

/**
 * The workspace follows the commerce service's product events (ADR 0022). They are published on the
 * COMMERCE_EVENTS stream exactly as their contracts say, with no commerce service running: the workspace
 * itself created that stream at start, so the order the services start in does not matter.
 */
describe('workspace service: publishing (product events from commerce)', () => {
  let env: WorkspaceTestEnv;
  beforeAll(async () => {
    env = await startWorkspace();
  });
  afterAll(async () => {
    await env?.stop();
  });

  function aProduct(owner: SignedUp, model: Model) {
    const productId = id();
    let version = 0;
    const snapshot = (changes: Partial<Product>): Product => ({
      id: productId,
      status: 'non moderated',
      title: 'Turbine',
      model: model.id,
      image: null,
      ownerId: owner.user.id,
      productionReady: true,
      publishedAt: null,
      submittedAt: at(0),
      rejectionReason: null,
      createdAt: at(0),
      updatedAt: at(version),
      version,
      ...changes,
    });
    const send = async (type: string, facts: Record<string, unknown>, product: Product, actorId = owner.user.id) => {
      const eventId = randomUUID();
      const envelope = {
        eventId,
        type,
        aggregateType: 'product',
        aggregateId: productId,
        occurredAt: product.updatedAt,
        actorId,
        correlationId: randomUUID(),
        causationId: null,
        data: { ...facts, product },
      };
      await env.nc.jetstream().publish(nsSubject(`evt.${type}`), JSON.stringify(envelope), { msgID: eventId });
      return product;
    };
    const content = { title: 'Turbine', image: null, productionReady: true };
    return {
      productId,
      created: () =>
        send('commerce.product.created.v1', { ...content, modelId: model.id, ownerId: owner.user.id, draft: false }, snapshot({ version: (version = 1) })),
      approved: (moderatorId: string) =>
        send('commerce.product.approved.v1', { moderatorId }, snapshot({ version: ++version, status: 'published', publishedAt: at(version) }), moderatorId),
      rejected: (moderatorId: string) =>
        send(
          'commerce.product.rejected.v1',
          { moderatorId, reason: 'Blurry' },
          snapshot({ version: ++version, status: 'rejected', rejectionReason: 'Blurry' }),
          moderatorId,
        ),
      unpublished: () => send('commerce.product.unpublished.v1', {}, snapshot({ version: ++version, status: 'unpublished' })),
      /** An event of an older version, arriving late. */
      stale: (v: number) => send('commerce.product.submitted.v1', content, snapshot({ version: v, status: 'non moderated' })),
    };
  }

  const getModel = (who: SignedUp, modelId: string) => env.rpc.call('getModel', { actor: who.actor, body: { id: modelId } });
  const myPublished = (who: SignedUp, body: Record<string, unknown> = {}) =>
    env.rpc
      .raw('rpc.workspace.publish.list-mine', { actor: who.actor, body })
      .then((p) => p.response as { data: (Model & { product: { id: string; status: string } })[]; total: number });
  const notifications = (who: SignedUp) => env.rpc.call('listNotifications', { actor: who.actor, body: {} });

  it("a new product sets the model's productId (menu: Restore) and Published lists it with its status", async () => {
    const owner = await aUser(env.rpc);
    const model = await aModel(env.rpc, owner);
    const product = aProduct(owner, model);
    await product.created();
    await eventually(async () =>
      expect(await getModel(owner, model.id)).toMatchObject({ productId: product.productId, publishedAt: null, version: model.version + 1 }),
    );
    // "Last modified" and the contributor stay: following a product is not an edit.
    expect(await getModel(owner, model.id)).toMatchObject({ updatedAt: model.updatedAt, contributorId: model.contributorId });
    await eventually(async () => {
      const list = await myPublished(owner);
      expect(list.total).toBe(1);
      expect(list.data[0]).toMatchObject({
        id: model.id,
        productId: product.productId,
        product: { id: product.productId, status: 'non moderated', title: 'Turbine' },
      });
    });
    const outbox = await env.db
      .withSchema('workspace')
      .selectFrom('outbox')
      .select('payload')
      .where('type', '=', 'workspace.model.product-changed.v1')
      .execute();
    expect(outbox.map((r) => (r.payload as { aggregateId: string }).aggregateId)).toContain(model.id);
  });

  it('approval sets publishedAt (menu: Republish) and tells the author; unpublishing clears it; a late older event changes nothing', async () => {
    const owner = await aUser(env.rpc);
    const moderator = await aUser(env.rpc);
    const model = await aModel(env.rpc, owner);
    const product = aProduct(owner, model);
    await product.created();
    const approved = await product.approved(moderator.user.id);
    await eventually(async () => expect((await getModel(owner, model.id)).publishedAt).toBe(approved.publishedAt));
    await eventually(async () => {
      const page = await notifications(owner);
      expect(page.data).toEqual([
        expect.objectContaining({
          type: 'product.approved',
          message: 'Your product “Turbine” was approved and is published.',
          read: false,
          data: expect.objectContaining({ link: '/published' }),
        }),
      ]);
    });
    expect((await notifications(moderator)).total).toBe(0);

    await product.unpublished();
    await eventually(async () => expect(await getModel(owner, model.id)).toMatchObject({ productId: product.productId, publishedAt: null }));
    await product.stale(2);
    // A barrier on the same consumer: once another product is followed, the stale event was handled before it.
    const other = await aModel(env.rpc, owner);
    await aProduct(owner, other).created();
    await eventually(async () => expect((await getModel(owner, other.id)).productId).not.toBeNull());
    const kept = await env.db
      .withSchema('workspace')
      .selectFrom('model_products')
      .selectAll()
      .where('product_id', '=', product.productId)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ status: 'unpublished', version: 3 });
    expect(await getModel(owner, model.id)).toMatchObject({ productId: product.productId, publishedAt: null });
  });

  it("a rejection tells the author; strangers' Published does not list others' models; a deleted model leaves the list", async () => {
    const owner = await aUser(env.rpc);
    const stranger = await aUser(env.rpc);
    const model = await aModel(env.rpc, owner);
    const product = aProduct(owner, model);
    await product.created();
    await product.rejected(stranger.user.id);
    await eventually(async () => expect((await notifications(owner)).data.map((n) => n.type)).toEqual(['product.rejected']));
    expect((await myPublished(stranger)).total).toBe(0);
    await eventually(async () => expect((await myPublished(owner)).data[0].product.status).toBe('rejected'));
    await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: model.id } });
    await eventually(async () => expect((await myPublished(owner)).total).toBe(0));
  });
});
