import { BusinessRpc, CATALOG_NAME_TOO_SHORT, CatalogItem, ErrorBody, MODEL_ID_WRONG, MODEL_VIEW_DENIED } from '@kiln/contracts';
import { CATALOG_MESSAGES, RECORD_MESSAGES } from '@kiln/domain';
import { nsSubject, rebuildProjection, requestPacket } from '@kiln/service-kit';
import { z } from 'zod';
import { aModel, anUnknownId, aUser, SignedUp } from '../../workspace/test/support/builders';
import { eventually } from '../../workspace/test/support/test-env';
import { ProjectCatalogOnCatalogEvents } from '../src/catalog/projections/project-catalog-on-catalog-events';
import { ACCESS_MESSAGES } from '../src/team-access/ports/business-access.port';
import { aTeamWithRoles } from './business-records.support';
import { CommerceTestEnv, startCommerce } from './support/commerce-env';

/**
 * The catalog over NATS (spec 002 §2–§5, §7; ADR 0027), with the real workspace answering which models
 * exist and who may view them, and its model events reaching the items: adding by model ID with each of
 * its errors, create-multiple, the rename rule, remove, If-Match, history and past versions, who may do
 * what, and the catalog view rebuilt from the events equal to the live one.
 */
type Biz = typeof BusinessRpc;
type Req<K extends keyof Biz> = z.input<Biz[K]['request']>;
type Rep<K extends keyof Biz> = z.output<Biz[K]['reply']>;

describe('commerce service: catalog (business records, over NATS)', () => {
  let env: CommerceTestEnv;
  let owner: SignedUp;
  let stranger: SignedUp;

  async function packet(name: keyof Biz, data: unknown): Promise<{ response?: unknown; err?: unknown }> {
    return requestPacket(env.workspace.nc, nsSubject(BusinessRpc[name].subject), data, { timeout: 15_000 });
  }
  async function call<K extends keyof Biz>(name: K, data: Req<K>): Promise<Rep<K>> {
    const answer = await packet(name, data);
    if (answer.err !== undefined && answer.err !== null) throw new Error(`${name} failed: ${JSON.stringify(answer.err)}`);
    return BusinessRpc[name].reply.parse(answer.response) as Rep<K>;
  }
  async function fail(name: keyof Biz, data: unknown): Promise<ErrorBody> {
    const answer = await packet(name, data);
    if (answer.err === undefined || answer.err === null) throw new Error(`expected ${name} to fail, it answered ${JSON.stringify(answer.response)}`);
    return ErrorBody.parse(answer.err);
  }

  const add = (who: SignedUp, body: Req<'addCatalogItem'>['body']) => call('addCatalogItem', { actor: who.actor, body });
  const events = (id: string) =>
    env.db.withSchema('commerce').selectFrom('events').select(['version', 'type', 'actor_id']).where('stream_id', '=', id).orderBy('version').execute();
  const catalogEventCount = async () =>
    Number(
      (
        await env.db
          .withSchema('commerce')
          .selectFrom('events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('stream_type', '=', 'catalog-item')
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    env = await startCommerce();
    [owner, stranger] = [await aUser(env.workspace.rpc, { fullName: 'Ada Owner' }), await aUser(env.workspace.rpc)];
  });
  afterAll(async () => {
    await env?.stop();
  });

  describe('model lookup (add by model ID)', () => {
    it('answers the preview for a model I may view, in any case of its id, and whether my catalog has it', async () => {
      const model = await aModel(env.workspace.rpc, owner);
      const lookup = await call('lookupModel', { actor: owner.actor, body: { modelId: `  ${model.id.toUpperCase()} ` } });
      expect(lookup).toEqual({
        model: { id: model.id, name: model.name, preview: null, author: { id: owner.user.id, fullName: 'Ada Owner' }, exists: true },
        alreadyInCatalog: false,
        updatedAt: model.updatedAt,
      });
      await add(owner, { modelId: model.id });
      expect((await call('lookupModel', { actor: owner.actor, body: { modelId: model.id } })).alreadyInCatalog).toBe(true);
    });

    it("says each failure with the spec's sentence: not 24 hex 400, missing or deleted 404, not viewable 403", async () => {
      for (const typed of ['M20250000000', '', 'zz'.repeat(12), `${anUnknownId()}0`]) {
        expect(await fail('lookupModel', { actor: owner.actor, body: { modelId: typed } })).toMatchObject({ statusCode: 400, message: MODEL_ID_WRONG });
      }
      expect(await fail('lookupModel', { actor: owner.actor, body: { modelId: anUnknownId() } })).toMatchObject({ statusCode: 404, message: MODEL_ID_WRONG });
      const gone = await aModel(env.workspace.rpc, owner);
      await env.workspace.rpc.call('deleteModel', { actor: owner.actor, body: { id: gone.id } });
      await eventually(async () =>
        expect(await fail('lookupModel', { actor: owner.actor, body: { modelId: gone.id } })).toMatchObject({ statusCode: 404, message: MODEL_ID_WRONG }),
      );
      const private_ = await aModel(env.workspace.rpc, owner);
      expect(await fail('lookupModel', { actor: stranger.actor, body: { modelId: private_.id } })).toMatchObject({
        statusCode: 403,
        message: MODEL_VIEW_DENIED,
      });
    });

    it("a model shared by its 'Everyone' link is viewable by anyone", async () => {
      const model = await aModel(env.workspace.rpc, owner);
      await env.workspace.rpc.call('shareWithEveryone', { actor: owner.actor, body: { id: model.id, changes: { shareAs: 'viewer' } } });
      await eventually(async () => expect((await call('lookupModel', { actor: stranger.actor, body: { modelId: model.id } })).model.name).toBe(model.name));
    });
  });

  describe('adding', () => {
    it('adds a model by id: price 0, the model\'s name, its copy with the author (for "By you"), one added fact', async () => {
      const model = await aModel(env.workspace.rpc, owner);
      const item = await add(owner, { modelId: model.id });
      expect(item).toMatchObject({
        name: model.name,
        modelId: model.id,
        price: 0,
        ownerId: owner.user.id,
        teamId: null,
        projectId: null,
        version: 1,
        recipe: { materials: [], services: [], marginPercent: 0 },
      });
      expect(item.model).toEqual({ id: model.id, name: model.name, preview: null, author: { id: owner.user.id, fullName: 'Ada Owner' }, exists: true });
      expect(await events(item.id)).toEqual([{ version: 1, type: 'catalog-item.created', actor_id: owner.user.id }]);
      expect(await call('getCatalogItem', { actor: owner.actor, body: { id: item.id } })).toEqual(item);
    });

    it('takes a name and a price when given, and refuses a short name, a wrong or hidden model', async () => {
      const model = await aModel(env.workspace.rpc, owner);
      expect(await add(owner, { modelId: model.id, name: '  Gearbox deluxe ', price: 12.5 })).toMatchObject({ name: 'Gearbox deluxe', price: 12.5 });
      const other = await aModel(env.workspace.rpc, owner);
      expect(await fail('addCatalogItem', { actor: owner.actor, body: { modelId: other.id, name: ' ab ' } })).toMatchObject({
        statusCode: 400,
        message: CATALOG_NAME_TOO_SHORT,
      });
      expect(await fail('addCatalogItem', { actor: owner.actor, body: { modelId: anUnknownId() } })).toMatchObject({
        statusCode: 404,
        message: MODEL_ID_WRONG,
      });
      expect(await fail('addCatalogItem', { actor: stranger.actor, body: { modelId: other.id } })).toMatchObject({
        statusCode: 403,
        message: MODEL_VIEW_DENIED,
      });
    });

    it('a model already in my catalog is not added twice: the live item is answered, also to parallel adds', async () => {
      const model = await aModel(env.workspace.rpc, owner);
      const answers = await Promise.all(Array.from({ length: 5 }, () => add(owner, { modelId: model.id })));
      expect(new Set(answers.map((a) => a.id)).size).toBe(1);
      expect(await events(answers[0].id)).toHaveLength(1);
      // Another person's catalog is another scope.
      await env.workspace.rpc.call('shareWithEveryone', { actor: owner.actor, body: { id: model.id, changes: { shareAs: 'viewer' } } });
      await eventually(async () => expect((await add(stranger, { modelId: model.id })).id).not.toBe(answers[0].id));
    });

    it('create-multiple adds each model once (already added ones answered as they are) and adds nothing when one is refused', async () => {
      const [a, b, c] = [await aModel(env.workspace.rpc, owner), await aModel(env.workspace.rpc, owner), await aModel(env.workspace.rpc, owner)];
      const existing = await add(owner, { modelId: c.id });
      const added = await call('addCatalogItems', {
        actor: owner.actor,
        body: { items: [{ modelId: a.id }, { modelId: b.id, price: 3 }, { modelId: c.id }, { modelId: a.id }] },
      });
      expect(added.data.map((i) => [i.modelId, i.price])).toEqual([
        [a.id, 0],
        [b.id, 3],
        [c.id, 0],
        [a.id, 0],
      ]);
      expect(added.data[2]).toEqual(existing);
      expect(added.data[3].id).toBe(added.data[0].id);
      const before = await catalogEventCount();
      const hidden = await aModel(env.workspace.rpc, stranger);
      const fresh = await aModel(env.workspace.rpc, owner);
      expect(await fail('addCatalogItems', { actor: owner.actor, body: { items: [{ modelId: fresh.id }, { modelId: hidden.id }] } })).toMatchObject({
        statusCode: 403,
        message: MODEL_VIEW_DENIED,
      });
      expect(await fail('addCatalogItems', { actor: owner.actor, body: { items: [{ modelId: fresh.id }, { modelId: anUnknownId() }] } })).toMatchObject({
        statusCode: 404,
        message: MODEL_ID_WRONG,
      });
      expect(await catalogEventCount()).toBe(before);
    });
  });

  describe('changing', () => {
    let item: CatalogItem;
    beforeAll(async () => {
      item = await add(owner, { modelId: (await aModel(env.workspace.rpc, owner)).id, name: 'First name' });
    });

    it('renames (trimmed, at least 3 characters) and reprices; a short name changes nothing', async () => {
      expect(await fail('updateCatalogItem', { actor: owner.actor, body: { id: item.id, changes: { name: '  ab  ' } } })).toMatchObject({
        statusCode: 400,
        message: CATALOG_NAME_TOO_SHORT,
      });
      const renamed = await call('updateCatalogItem', { actor: owner.actor, body: { id: item.id, changes: { name: '  Second name ' } } });
      expect(renamed).toMatchObject({ name: 'Second name', version: 2 });
      const repriced = await call('updateCatalogItem', { actor: owner.actor, body: { id: item.id, changes: { price: 19.99 }, ifMatch: 2 } });
      expect(repriced).toMatchObject({ price: 19.99, version: 3 });
      item = repriced;
    });

    it('If-Match that is no longer current: 412 and nothing changes', async () => {
      expect(await fail('updateCatalogItem', { actor: owner.actor, body: { id: item.id, changes: { name: 'Lost update' }, ifMatch: 1 } })).toMatchObject({
        statusCode: 412,
        message: RECORD_MESSAGES.changedMeanwhile,
      });
      expect(await fail('removeCatalogItem', { actor: owner.actor, body: { id: item.id, ifMatch: 2 } })).toMatchObject({ statusCode: 412 });
      expect(await call('getCatalogItem', { actor: owner.actor, body: { id: item.id } })).toMatchObject({ name: 'Second name', version: 3 });
    });

    it('the timeline tells who changed what, oldest first; ?version=N shows it as it was', async () => {
      const history = await call('catalogHistory', { actor: owner.actor, body: { id: item.id } });
      expect(history.data.map((e) => [e.type, e.version, e.by.fullName])).toEqual([
        ['catalog-item.created', 1, 'Ada Owner'],
        ['catalog-item.updated', 2, 'Ada Owner'],
        ['catalog-item.updated', 3, 'Ada Owner'],
      ]);
      expect(history.data[1].changes).toEqual({ name: { from: 'First name', to: 'Second name' } });
      // Money as the API speaks it: `price` in dollars, never the domain's `priceCents`.
      expect(history.data[0].changes).toMatchObject({ name: { from: null, to: 'First name' }, price: { from: null, to: 0 } });
      expect(history.data[0].changes).not.toHaveProperty('priceCents');
      expect(history.data[2].changes).toEqual({ price: { from: 0, to: 19.99 } });
      expect(await call('getCatalogItem', { actor: owner.actor, body: { id: item.id, version: 1 } })).toMatchObject({
        name: 'First name',
        price: 0,
        version: 1,
      });
      expect(await fail('getCatalogItem', { actor: owner.actor, body: { id: item.id, version: 9 } })).toMatchObject({
        statusCode: 404,
        message: RECORD_MESSAGES.noSuchVersion,
      });
    });

    it("a recipe may name only services and materials of the item's scope that exist", async () => {
      const service = await call('createService', {
        actor: owner.actor,
        body: { name: 'Laser cutting', serviceClass: 'length-based-service', generalPrice: { value: 2, unit: 'm' } },
      });
      const foreign = await call('createService', {
        actor: stranger.actor,
        body: { name: 'Their cutting', serviceClass: 'length-based-service', generalPrice: { value: 2, unit: 'm' } },
      });
      const recipe = { materials: [], services: [{ serviceId: service.id, quantity: { value: 1.5, unit: 'm' as const } }], marginPercent: 25 };
      const changed = await call('updateCatalogItem', { actor: owner.actor, body: { id: item.id, changes: { recipe } } });
      expect(changed.recipe).toEqual({
        materials: [],
        services: [{ serviceId: service.id, quantity: { value: 1.5, unit: 'm' }, priceOptionId: null }],
        marginPercent: 25,
      });
      const refused = await fail('updateCatalogItem', {
        actor: owner.actor,
        body: { id: item.id, changes: { recipe: { ...recipe, services: [{ serviceId: foreign.id, quantity: { value: 1, unit: 'm' } }] } } },
      });
      expect(refused).toMatchObject({ statusCode: 400, errors: [{ path: 'recipe.services.0.serviceId', message: CATALOG_MESSAGES.serviceGone }] });
      const noMaterial = await fail('updateCatalogItem', {
        actor: owner.actor,
        body: { id: item.id, changes: { recipe: { materials: [{ materialId: anUnknownId(), quantity: { value: 1, unit: 'kg' } }] } } },
      });
      expect(noMaterial).toMatchObject({ statusCode: 400, errors: [{ path: 'recipe.materials.0.materialId', message: CATALOG_MESSAGES.materialGone }] });
      item = changed;
    });

    it('a stranger learns nothing: get, history, rename and remove are 404, and my list is not theirs', async () => {
      for (const [name, body] of [
        ['getCatalogItem', { id: item.id }],
        ['catalogHistory', { id: item.id }],
        ['updateCatalogItem', { id: item.id, changes: { name: 'Taken over' } }],
        ['removeCatalogItem', { id: item.id }],
      ] as const) {
        expect(await fail(name, { actor: stranger.actor, body })).toMatchObject({ statusCode: 404 });
      }
      const theirs = await call('listCatalog', { actor: stranger.actor, body: { skip: 0, limit: 20 } });
      expect(theirs.data.map((i) => i.id)).not.toContain(item.id);
    });

    it('removes: gone from get and the list, its model may be added again as a new item', async () => {
      const removed = await call('removeCatalogItem', { actor: owner.actor, body: { id: item.id, ifMatch: item.version } });
      expect(removed.version).toBe(item.version + 1);
      expect(await fail('getCatalogItem', { actor: owner.actor, body: { id: item.id } })).toMatchObject({ statusCode: 404 });
      const list = await call('listCatalog', { actor: owner.actor, body: { skip: 0, limit: 100 } });
      expect(list.data.map((i) => i.id)).not.toContain(item.id);
      const again = await add(owner, { modelId: item.modelId });
      expect(again.id).not.toBe(item.id);
    });
  });

  describe("a team's catalog", () => {
    it("every member reads the team's items; owners and editors change them, a viewer gets 403, outsiders 404", async () => {
      const team = await aTeamWithRoles(env);
      const model = await aModel(env.workspace.rpc, team.editor, { teamId: team.teamId });
      const item = await add(team.editor, { modelId: model.id, teamId: team.teamId });
      expect(item).toMatchObject({ teamId: team.teamId, projectId: null, ownerId: team.editor.user.id });
      for (const member of [team.owner, team.editor, team.viewer]) {
        expect(await call('getCatalogItem', { actor: member.actor, body: { id: item.id } })).toEqual(item);
        expect(
          (await call('listCatalog', { actor: member.actor, body: { skip: 0, limit: 20, where: { teamId: team.teamId } } })).data.map((i) => i.id),
        ).toEqual([item.id]);
      }
      expect((await call('lookupModel', { actor: team.viewer.actor, body: { modelId: model.id, teamId: team.teamId } })).alreadyInCatalog).toBe(true);
      expect((await call('lookupModel', { actor: team.viewer.actor, body: { modelId: model.id } })).alreadyInCatalog).toBe(false);
      expect(await fail('updateCatalogItem', { actor: team.viewer.actor, body: { id: item.id, changes: { name: 'Viewer was here' } } })).toEqual({
        statusCode: 403,
        message: ACCESS_MESSAGES.viewerCannotChange,
      });
      expect(await fail('addCatalogItem', { actor: team.viewer.actor, body: { modelId: model.id, teamId: team.teamId } })).toMatchObject({ statusCode: 403 });
      expect(await call('updateCatalogItem', { actor: team.owner.actor, body: { id: item.id, changes: { price: 5 } } })).toMatchObject({
        price: 5,
        version: 2,
      });
      expect(await fail('getCatalogItem', { actor: stranger.actor, body: { id: item.id } })).toMatchObject({ statusCode: 404 });
      expect(await fail('listCatalog', { actor: stranger.actor, body: { skip: 0, limit: 20, where: { teamId: team.teamId } } })).toMatchObject({
        statusCode: 404,
      });
    });
  });

  describe('listing', () => {
    it('searches by name, sorts, pages by 20 with the total of my catalog', async () => {
      const searcher = await aUser(env.workspace.rpc);
      for (let i = 0; i < 23; i++)
        await add(searcher, {
          modelId: (await aModel(env.workspace.rpc, searcher)).id,
          name: `Part ${String(i).padStart(2, '0')}${i % 5 === 0 ? ' bolt' : ''}`,
          price: i,
        });
      const first = await call('listCatalog', { actor: searcher.actor, body: { skip: 0, limit: 20, sort: { name: 1 } } });
      expect(first.total).toBe(23);
      expect(first.data).toHaveLength(20);
      expect(first.data[0].name).toBe('Part 00 bolt');
      const second = await call('listCatalog', { actor: searcher.actor, body: { skip: 20, limit: 20, sort: { name: 1 } } });
      expect(second.data.map((i) => i.name)).toEqual(['Part 20 bolt', 'Part 21', 'Part 22']);
      const bolts = await call('listCatalog', {
        actor: searcher.actor,
        body: { skip: 0, limit: 20, where: { name: { contains: 'BOLT' } }, sort: { price: -1 } },
      });
      expect(bolts.data.map((i) => i.price)).toEqual([20, 15, 10, 5, 0]);
    });
  });

  describe('the model in the workspace', () => {
    it("a rename reaches the item's model copy (not the seller's own name) as a fact in its timeline; a deletion marks it", async () => {
      const model = await aModel(env.workspace.rpc, owner);
      const item = await add(owner, { modelId: model.id, name: 'My own name' });
      await env.workspace.rpc.call('updateModel', { actor: owner.actor, body: { id: model.id, changes: { name: 'Renamed in the workspace' } } });
      await eventually(async () =>
        expect((await call('getCatalogItem', { actor: owner.actor, body: { id: item.id } })).model.name).toBe('Renamed in the workspace'),
      );
      const renamed = await call('getCatalogItem', { actor: owner.actor, body: { id: item.id } });
      expect(renamed).toMatchObject({ name: 'My own name', version: 2, model: { name: 'Renamed in the workspace', exists: true } });
      const history = await call('catalogHistory', { actor: owner.actor, body: { id: item.id } });
      expect(history.data[1]).toMatchObject({
        type: 'catalog-item.updated',
        by: { id: owner.user.id },
        changes: { model: { from: { name: model.name }, to: { name: 'Renamed in the workspace' } } },
      });

      await env.workspace.rpc.call('deleteModel', { actor: owner.actor, body: { id: model.id } });
      await eventually(async () => expect((await call('getCatalogItem', { actor: owner.actor, body: { id: item.id } })).model.exists).toBe(false));
      expect(await events(item.id)).toHaveLength(3);
    });
  });

  describe('the read model', () => {
    it('rebuilt from the events equals the live one, timelines included', async () => {
      const snapshot = async () => ({
        rows: await env.db.withSchema('commerce').selectFrom('business_catalog_view').selectAll().orderBy('id').execute(),
        history: await env.db
          .withSchema('commerce')
          .selectFrom('business_record_history')
          .innerJoin('business_catalog_view', 'business_catalog_view.id', 'business_record_history.record_id')
          .select(['record_id', 'business_record_history.version', 'type', 'at', 'by', 'changes'])
          .orderBy('record_id')
          .orderBy('business_record_history.version')
          .execute(),
      });
      const live = await snapshot();
      expect(live.rows.length).toBeGreaterThan(10);
      await rebuildProjection(env.db, 'commerce', ProjectCatalogOnCatalogEvents);
      expect(await snapshot()).toEqual(live);
    });
  });
});
