import { CreateMaterialInput } from '@kiln/contracts';
import { CATALOG_MESSAGES, RECORD_MESSAGES, RECORD_UNDO_GRACE_SECONDS, RECORD_UNDO_SECONDS } from '@kiln/domain';
import { aModel, aUser, SignedUp } from '../../workspace/test/support/builders';
import { eventually } from '../../workspace/test/support/test-env';
import { aTeamWithRoles, ATeam, BusinessClient, businessClient } from './business-records.support';
import { CommerceTestEnv, startCommerce } from './support/commerce-env';

/**
 * Undo of a removal (issue 17, ADR 0049) over NATS, with the real workspace beside: the same record comes
 * back with its whole timeline, read models follow (and equal a rebuild), only shortly after the removal
 * (the service's clock moved by the test), only by who may change it, and a catalog keeps one live item
 * per model.
 */
const aSheet: CreateMaterialInput = {
  name: 'Undo plywood',
  internalName: 'PLY-U',
  materialClass: 'sheet',
  params: { width: { value: 1220, unit: 'mm' }, length: { value: 2440, unit: 'mm' }, thickness: { value: 4, unit: 'mm' } },
  price: { strategy: 'per-piece', unit: 'each', price: 12.5 },
  quantityInStock: { value: 10, unit: 'each' },
  tags: ['wood'],
  appearance: [{ mode: 'color', textureId: null, color: { hex: '#A0522D', metallicity: 0, roughness: 0.8, opacity: 1 }, materialIndexDirection: ['all'] }],
};

describe('commerce service: undo a removal', () => {
  let env: CommerceTestEnv;
  let biz: BusinessClient;
  let me: SignedUp;
  let stranger: SignedUp;
  let team: ATeam;
  // The one clock of every service (the kit's port), moved by the test.
  const clock = require('@kiln/service-kit').systemClock as { now: () => Date };
  const realNow = clock.now;
  beforeAll(async () => {
    env = await startCommerce();
    biz = businessClient(env);
    [me, stranger] = [await aUser(env.workspace.rpc), await aUser(env.workspace.rpc)];
    team = await aTeamWithRoles(env);
  });
  afterEach(() => {
    clock.now = realNow;
  });
  afterAll(async () => {
    await env?.stop();
  });

  const facts = (id: string) =>
    env.db.withSchema('commerce').selectFrom('events').select(['version', 'type']).where('stream_id', '=', id).orderBy('version').execute();
  const later = (seconds: number) => {
    const at = Date.now() + seconds * 1000;
    clock.now = () => new Date(at);
  };

  it('brings a material back: same id, next version, whole timeline, listed again; a second undo has nothing to undo', async () => {
    const material = await biz.call('createMaterial', { actor: me.actor, body: aSheet });
    await biz.call('updateMaterial', { actor: me.actor, body: { id: material.id, changes: { name: 'Undo plywood 2' } } });
    await biz.call('deleteMaterial', { actor: me.actor, body: { id: material.id } });
    expect(await biz.fail('getMaterial', { actor: me.actor, body: { id: material.id } })).toMatchObject({ statusCode: 404 });

    const back = await biz.call('restoreMaterial', { actor: me.actor, body: { id: material.id } });
    expect(back).toMatchObject({ id: material.id, name: 'Undo plywood 2', version: 4 });
    expect(await facts(material.id)).toEqual([
      { version: 1, type: 'material.created' },
      { version: 2, type: 'material.updated' },
      { version: 3, type: 'material.deleted' },
      { version: 4, type: 'material.restored' },
    ]);
    // Answered after the read model shows it (read-your-writes).
    expect(await biz.call('getMaterial', { actor: me.actor, body: { id: material.id } })).toEqual(back);
    expect((await biz.call('listMaterials', { actor: me.actor, body: {} })).data.map((m) => m.id)).toContain(material.id);
    const history = await biz.call('materialHistory', { actor: me.actor, body: { id: material.id } });
    expect(history.data.map((entry) => entry.type)).toEqual(['material.created', 'material.updated', 'material.deleted', 'material.restored']);
    // Undone twice: nothing to undo. Removed again: gone again.
    expect(await biz.fail('restoreMaterial', { actor: me.actor, body: { id: material.id } })).toEqual({ statusCode: 409, message: RECORD_MESSAGES.notRemoved });
    await biz.call('deleteMaterial', { actor: me.actor, body: { id: material.id } });
    expect(await biz.fail('getMaterial', { actor: me.actor, body: { id: material.id } })).toMatchObject({ statusCode: 404 });
  });

  it('takes an undo up to the grace after the offer ends, and refuses it later with 410 and the sentence, writing nothing', async () => {
    const material = await biz.call('createMaterial', { actor: me.actor, body: aSheet });
    await biz.call('deleteMaterial', { actor: me.actor, body: { id: material.id } });
    later(RECORD_UNDO_SECONDS + RECORD_UNDO_GRACE_SECONDS + 2);
    expect(await biz.fail('restoreMaterial', { actor: me.actor, body: { id: material.id } })).toEqual({
      statusCode: 410,
      message: RECORD_MESSAGES.undoTooLate,
    });
    expect((await facts(material.id)).map((f) => f.type)).toEqual(['material.created', 'material.deleted']);

    const service = await biz.call('createService', {
      actor: me.actor,
      body: { name: 'Undo cutting', serviceClass: 'length-based-service', tags: [], generalPrice: { value: 1.5, unit: 'm' }, prices: [] },
    });
    clock.now = realNow;
    await biz.call('deleteService', { actor: me.actor, body: { id: service.id } });
    later(RECORD_UNDO_SECONDS + RECORD_UNDO_GRACE_SECONDS - 5);
    expect(await biz.call('restoreService', { actor: me.actor, body: { id: service.id } })).toMatchObject({ id: service.id, version: 3 });
  });

  it('only who may change the record undoes its removal: team owner and editor yes, viewer 403, strangers 404', async () => {
    const material = await biz.call('createMaterial', { actor: team.editor.actor, body: { ...aSheet, teamId: team.teamId } });
    await biz.call('deleteMaterial', { actor: team.owner.actor, body: { id: material.id } });
    expect(await biz.fail('restoreMaterial', { actor: stranger.actor, body: { id: material.id } })).toMatchObject({ statusCode: 404 });
    expect(await biz.fail('restoreMaterial', { actor: team.viewer.actor, body: { id: material.id } })).toMatchObject({ statusCode: 403 });
    expect(await biz.call('restoreMaterial', { actor: team.editor.actor, body: { id: material.id } })).toMatchObject({ id: material.id, teamId: team.teamId });
    expect((await biz.call('listMaterials', { actor: team.viewer.actor, body: { where: { teamId: team.teamId } } })).data.map((m) => m.id)).toContain(
      material.id,
    );
  });

  it('a catalog item comes back unless its model was added to that catalog again meanwhile (409), and a re-add after an undo answers the item', async () => {
    const model = await aModel(env.workspace.rpc, me);
    const item = await biz.call('addCatalogItem', { actor: me.actor, body: { modelId: model.id } });
    await biz.call('removeCatalogItem', { actor: me.actor, body: { id: item.id } });
    const back = await biz.call('restoreCatalogItem', { actor: me.actor, body: { id: item.id } });
    expect(back).toMatchObject({ id: item.id, version: 3 });
    // One live item per model: adding the model again answers the restored item, adds nothing.
    expect((await biz.call('addCatalogItem', { actor: me.actor, body: { modelId: model.id } })).id).toBe(item.id);

    await biz.call('removeCatalogItem', { actor: me.actor, body: { id: item.id } });
    const again = await biz.call('addCatalogItem', { actor: me.actor, body: { modelId: model.id } });
    expect(again.id).not.toBe(item.id);
    expect(await biz.fail('restoreCatalogItem', { actor: me.actor, body: { id: item.id } })).toEqual({
      statusCode: 409,
      message: CATALOG_MESSAGES.inCatalogAgain,
    });
    const list = await biz.call('listCatalog', { actor: me.actor, body: {} });
    expect(list.data.filter((entry) => entry.model.id === model.id).map((entry) => entry.id)).toEqual([again.id]);
  });

  it('an undo racing an add of the same model leaves one live item in the catalog, whichever lands first', async () => {
    for (let round = 0; round < 5; round++) {
      const model = await aModel(env.workspace.rpc, me);
      const item = await biz.call('addCatalogItem', { actor: me.actor, body: { modelId: model.id } });
      await biz.call('removeCatalogItem', { actor: me.actor, body: { id: item.id } });
      const [undo, add] = await Promise.allSettled([
        biz.call('restoreCatalogItem', { actor: me.actor, body: { id: item.id } }),
        biz.call('addCatalogItem', { actor: me.actor, body: { modelId: model.id } }),
      ]);
      expect(add.status).toBe('fulfilled');
      const live = (await biz.call('listCatalog', { actor: me.actor, body: {} })).data.filter((entry) => entry.model.id === model.id);
      expect(live).toHaveLength(1);
      // The undo won (the add answered the restored item) or lost with the sentence (the add made a new one).
      if (undo.status === 'fulfilled') expect((add as PromiseFulfilledResult<{ id: string }>).value.id).toBe(item.id);
      else expect((undo.reason as { body: unknown }).body).toEqual({ statusCode: 409, message: CATALOG_MESSAGES.inCatalogAgain });
    }
  });

  it('read models rebuilt from the events equal the live ones after removals and undos', async () => {
    const who = await aUser(env.workspace.rpc);
    const kept = await biz.call('createMaterial', { actor: who.actor, body: aSheet });
    await biz.call('deleteMaterial', { actor: who.actor, body: { id: kept.id } });
    await biz.call('restoreMaterial', { actor: who.actor, body: { id: kept.id } });
    const gone = await biz.call('createMaterial', { actor: who.actor, body: aSheet });
    await biz.call('deleteMaterial', { actor: who.actor, body: { id: gone.id } });
    const { ProjectMaterialsOnMaterialEvents } = require('../src/materials/projections/project-materials-on-material-events');
    const { rebuildProjection } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
    const rows = () => env.db.withSchema('commerce').selectFrom('business_material_view').selectAll().orderBy('id').execute();
    const counts = () =>
      env.db.withSchema('commerce').selectFrom('business_record_counts').selectAll().where('view', '=', 'business_material_view').orderBy('scope').execute();
    await eventually(async () => expect((await rows()).find((r) => r.id === kept.id)?.deleted_at).toBeNull());
    const live = { rows: await rows(), counts: await counts() };
    expect((await biz.call('listMaterials', { actor: who.actor, body: {} })).total).toBe(1);
    await rebuildProjection(env.db, 'commerce', ProjectMaterialsOnMaterialEvents);
    expect(await rows()).toEqual(live.rows);
    expect(await counts()).toEqual(live.counts);
  });
});
