import { CreateMaterialInput, Material } from '@kiln/contracts';
import { APPEARANCE_MESSAGES, MATERIAL_MESSAGES, RECORD_MESSAGES } from '@kiln/domain';
import { aUser, SignedUp } from '../../workspace/test/support/builders';
import { eventually } from '../../workspace/test/support/test-env';
import { ACCESS_MESSAGES } from '../src/team-access/ports/business-access.port';
import { aTeamWithRoles, ATeam, BusinessClient, businessClient } from './business-records.support';
import { CommerceTestEnv, startCommerce } from './support/commerce-env';

/**
 * Materials over NATS (ADR 0029), with the real workspace (teams, names) beside: the rules answer 400
 * with the spec's sentences and write nothing; versions, If-Match and concurrent writers; the timeline
 * and past versions; who may read and change (personal, team roles, strangers); the read model's
 * rebuild and repeated events.
 */
const aSheet = (over: Partial<CreateMaterialInput> = {}): CreateMaterialInput => ({
  name: 'Birch plywood',
  internalName: 'PLY-BIRCH-4',
  materialClass: 'sheet',
  params: { width: { value: 1220, unit: 'mm' }, length: { value: 2440, unit: 'mm' }, thickness: { value: 4, unit: 'mm' } },
  price: { strategy: 'per-piece', unit: 'each', price: 12.5 },
  quantityInStock: { value: 10, unit: 'each' },
  tags: ['wood', ' plywood ', ''],
  appearance: [{ mode: 'color', textureId: null, color: { hex: '#A0522D', metallicity: 0, roughness: 0.8, opacity: 1 }, materialIndexDirection: ['all'] }],
  ...over,
});

describe('commerce service: materials (business records over NATS)', () => {
  let env: CommerceTestEnv;
  let biz: BusinessClient;
  let me: SignedUp;
  let stranger: SignedUp;
  let team: ATeam;
  beforeAll(async () => {
    env = await startCommerce();
    biz = businessClient(env);
    [me, stranger] = [await aUser(env.workspace.rpc), await aUser(env.workspace.rpc)];
    team = await aTeamWithRoles(env);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const create = (who: SignedUp, over: Partial<CreateMaterialInput> = {}) => biz.call('createMaterial', { actor: who.actor, body: aSheet(over) });
  const facts = (id: string) =>
    env.db.withSchema('commerce').selectFrom('events').select(['version', 'type', 'actor_id']).where('stream_id', '=', id).orderBy('version').execute();
  const eventCount = async () =>
    Number(
      (
        await env.db
          .withSchema('commerce')
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('create, read, list', () => {
    it("creates a personal material: version 1, the list entry's kind/category/avatar/inStock, one fact, listed and readable at once", async () => {
      const material = await create(me);
      expect(material).toMatchObject({
        ownerId: me.user.id,
        teamId: null,
        projectId: null,
        version: 1,
        name: 'Birch plywood',
        tags: ['wood', 'plywood'],
        price: { strategy: 'per-piece', unit: 'each', price: 12.5 },
        kind: 'count',
        category: 'sheet',
        avatar: '#A0522D',
        inStock: true,
        scrapPercentage: 0,
        timeToReplenish: { value: 0, unit: 'd' },
      });
      expect(await facts(material.id)).toEqual([{ version: 1, type: 'material.created', actor_id: me.user.id }]);
      expect(await biz.call('getMaterial', { actor: me.actor, body: { id: material.id } })).toEqual(material);
      const list = await biz.call('listMaterials', { actor: me.actor, body: {} });
      expect(list.data.map((m) => m.id)).toContain(material.id);
    });

    it('lists my personal materials only, with name search, sort, pages of 20 and the total; out of stock when quantity is 0', async () => {
      const owner = await aUser(env.workspace.rpc);
      for (let i = 0; i < 22; i++) await create(owner, { name: `Acrylic ${String(i).padStart(2, '0')}`, quantityInStock: { value: i % 2, unit: 'each' } });
      await create(owner, { name: 'Steel 100% pure_x' });
      const page = await biz.call('listMaterials', { actor: owner.actor, body: { sort: { name: 1 } } });
      expect(page.total).toBe(23);
      expect(page.data).toHaveLength(20);
      expect(page.data[0]).toMatchObject({ name: 'Acrylic 00', inStock: false });
      expect(page.data[1]).toMatchObject({ name: 'Acrylic 01', inStock: true });
      const next = await biz.call('listMaterials', { actor: owner.actor, body: { sort: { name: 1 }, skip: 20 } });
      expect(next.data.map((m) => m.name)).toEqual(['Acrylic 20', 'Acrylic 21', 'Steel 100% pure_x']);
      const found = await biz.call('listMaterials', { actor: owner.actor, body: { where: { name: { contains: 'CRYLIC 1' } } } });
      expect(found.total).toBe(10);
      expect((await biz.call('listMaterials', { actor: owner.actor, body: { where: { name: { contains: '100%' } } } })).data.map((m) => m.name)).toEqual([
        'Steel 100% pure_x',
      ]);
      expect((await biz.call('listMaterials', { actor: owner.actor, body: { where: { name: { contains: '0%_' } } } })).total).toBe(0);
      const desc = await biz.call('listMaterials', { actor: owner.actor, body: { sort: { name: -1 }, limit: 1 } });
      expect(desc.data[0].name).toBe('Steel 100% pure_x');
      expect((await biz.call('listMaterials', { actor: stranger.actor, body: {} })).data.every((m) => m.ownerId === stranger.user.id)).toBe(true);
    });

    it('answers distinct tags of my scope and the material tree by class and category', async () => {
      const owner = await aUser(env.workspace.rpc);
      await create(owner, { tags: ['wood', 'birch'] });
      await create(owner, { name: 'Spruce', tags: ['wood', 'soft'] });
      await create(owner, {
        name: 'PLA spool',
        internalName: 'PLA-1',
        materialClass: 'weight',
        params: {},
        price: { strategy: 'per-weight', unit: 'kg', price: 20 },
        quantityInStock: { value: 2, unit: 'kg' },
        appearance: [],
        tags: [],
      });
      expect(await biz.call('materialTags', { actor: owner.actor, body: {} })).toEqual({ data: ['birch', 'soft', 'wood'] });
      const tree = await biz.call('materialTree', { actor: owner.actor, body: {} });
      expect(tree.data.map((c) => c.materialClass)).toEqual(['sheet', 'weight']);
      expect(tree.data[0].categories).toEqual([
        {
          materialCategoryId: 'sheet',
          label: 'Sheet',
          children: [
            expect.objectContaining({ label: 'Birch plywood', internalName: 'PLY-BIRCH-4', avatar: '#A0522D' }),
            expect.objectContaining({ label: 'Spruce' }),
          ],
        },
      ]);
      expect(tree.data[1].categories[0]).toMatchObject({ materialCategoryId: 'bulk', children: [{ label: 'PLA spool', avatar: null }] });
    });

    it('a repeated create with the same Idempotency-Key answers the first material and creates one', async () => {
      const owner = await aUser(env.workspace.rpc);
      const request = { actor: owner.actor, body: aSheet(), idempotencyKey: `mat-${owner.user.id}` };
      const first = await biz.call('createMaterial', request);
      expect(await biz.call('createMaterial', request)).toEqual(first);
      expect((await biz.call('listMaterials', { actor: owner.actor, body: {} })).total).toBe(1);
    });
  });

  describe("rules: 400 with the spec's sentence, nothing written", () => {
    const cases: [string, Partial<CreateMaterialInput>, string][] = [
      ['a blank name', { name: '   ' }, MATERIAL_MESSAGES.required],
      ['a blank internal name', { internalName: ' ' }, MATERIAL_MESSAGES.required],
      ['no quantity in stock', { quantityInStock: undefined }, MATERIAL_MESSAGES.quantityRequired],
      ['a negative quantity in stock', { quantityInStock: { value: -2, unit: 'each' } }, MATERIAL_MESSAGES.quantityNegative],
      [
        'a pricing mode the class does not offer',
        { price: { strategy: 'per-volume', unit: 'ml', price: 1 } },
        MATERIAL_MESSAGES.strategyNotForClass('Sheet', 'per volume'),
      ],
      [
        'an entry without a direction',
        { appearance: [{ mode: 'color', textureId: null, color: { hex: '#000000', metallicity: 0, roughness: 0, opacity: 1 }, materialIndexDirection: [] }] },
        APPEARANCE_MESSAGES.directionRequired,
      ],
      [
        'texture mode without a texture',
        { appearance: [{ mode: 'texture', textureId: null, color: null, materialIndexDirection: ['all'] }] },
        APPEARANCE_MESSAGES.textureRequired,
      ],
      [
        'colour mode without a colour',
        { appearance: [{ mode: 'color', textureId: null, color: null, materialIndexDirection: ['all'] }] },
        APPEARANCE_MESSAGES.colorRequired,
      ],
      [
        'overlapping directions',
        {
          appearance: [
            {
              mode: 'color',
              textureId: null,
              color: { hex: '#000000', metallicity: 0, roughness: 0, opacity: 1 },
              materialIndexDirection: ['X+', 'X-', 'Y+', 'Y-'],
            },
            { mode: 'color', textureId: null, color: { hex: '#FFFFFF', metallicity: 0, roughness: 0, opacity: 1 }, materialIndexDirection: ['X+', 'Z+', 'Z-'] },
          ],
        },
        APPEARANCE_MESSAGES.overlapping('X+', 1),
      ],
    ];
    it.each(cases)('refuses %s', async (_what, over, message) => {
      const before = await eventCount();
      expect(await biz.fail('createMaterial', { actor: me.actor, body: aSheet(over) })).toMatchObject({ statusCode: 400, message });
      expect(await eventCount()).toBe(before);
    });

    it('refuses a class change, a negative quantity (inline edit) and a bad price on update; the material stays as it was', async () => {
      const material = await create(me);
      const before = await eventCount();
      expect(await biz.fail('updateMaterial', { actor: me.actor, body: { id: material.id, changes: { materialClass: 'weight' } } })).toMatchObject({
        statusCode: 400,
        message: MATERIAL_MESSAGES.classLocked,
      });
      expect(
        await biz.fail('updateMaterial', { actor: me.actor, body: { id: material.id, changes: { quantityInStock: { value: -1, unit: 'each' } } } }),
      ).toMatchObject({ statusCode: 400, message: MATERIAL_MESSAGES.quantityNegative });
      expect(
        await biz.fail('updateMaterial', {
          actor: me.actor,
          body: { id: material.id, changes: { price: { strategy: 'per-piece', unit: 'each', price: -3 } } },
        }),
      ).toMatchObject({ statusCode: 400, message: 'Price must be a positive number' });
      expect(await eventCount()).toBe(before);
      expect(await biz.call('getMaterial', { actor: me.actor, body: { id: material.id } })).toEqual(material);
    });
  });

  describe('versions, If-Match, concurrent writers, timeline', () => {
    it('an update with the current If-Match lands (version 2); a stale If-Match is 412 and writes nothing', async () => {
      const who = await aUser(env.workspace.rpc, {});
      const material = await create(who);
      const changed = await biz.call('updateMaterial', {
        actor: who.actor,
        body: { id: material.id, changes: { price: { strategy: 'per-piece', unit: 'each', price: 14 } }, ifMatch: 1 },
      });
      expect(changed).toMatchObject({ version: 2, price: { price: 14 } });
      expect(await biz.fail('updateMaterial', { actor: who.actor, body: { id: material.id, changes: { name: 'Late' }, ifMatch: 1 } })).toEqual({
        statusCode: 412,
        message: RECORD_MESSAGES.changedMeanwhile,
      });
      expect(await biz.fail('deleteMaterial', { actor: who.actor, body: { id: material.id, ifMatch: 1 } })).toMatchObject({ statusCode: 412 });
      expect(await facts(material.id)).toHaveLength(2);
      // Nothing to change: no fact, the same version.
      expect(await biz.call('updateMaterial', { actor: who.actor, body: { id: material.id, changes: { name: 'Birch plywood' }, ifMatch: 2 } })).toMatchObject({
        version: 2,
      });
      expect(await facts(material.id)).toHaveLength(2);
    });

    it('50 parallel edits with the same If-Match: exactly one lands, 49 get 412, the timeline holds one change', async () => {
      const who = await aUser(env.workspace.rpc, {});
      const material = await create(who);
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          biz.call('updateMaterial', { actor: who.actor, body: { id: material.id, changes: { name: `Writer ${i}` }, ifMatch: 1 } }),
        ),
      );
      const landed = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(landed).toHaveLength(1);
      expect(refused).toHaveLength(49);
      expect(refused.every((r) => r.reason.body?.statusCode === 412)).toBe(true);
      const history = await biz.call('materialHistory', { actor: who.actor, body: { id: material.id } });
      expect(history.data.map((e) => e.type)).toEqual(['material.created', 'material.updated']);
      expect(history.data[1].changes.name.to).toBe((landed[0] as PromiseFulfilledResult<Material>).value.name);
    });

    it('50 parallel edits without If-Match all land (each retried on the fresh state): version 51, 50 changes in the timeline', async () => {
      const who = await aUser(env.workspace.rpc, {});
      const material = await create(who);
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => biz.call('updateMaterial', { actor: who.actor, body: { id: material.id, changes: { tags: [`tag-${i}`] } } })),
      );
      const after = await biz.call('getMaterial', { actor: who.actor, body: { id: material.id } });
      expect(after.version).toBe(51);
      const history = await biz.call('materialHistory', { actor: who.actor, body: { id: material.id } });
      expect(history.data).toHaveLength(51);
      expect(new Set(history.data.slice(1).map((e) => (e.changes.tags.to as string[])[0])).size).toBe(50);
    });

    it('the timeline: oldest first, who (full name) and what changed, money in dollars; ?version=N is the record as it was', async () => {
      const who = await aUser(env.workspace.rpc, { fullName: 'Mara Stone' });
      const material = await create(who);
      await biz.call('updateMaterial', {
        actor: who.actor,
        body: { id: material.id, changes: { price: { strategy: 'per-piece', unit: 'each', price: 9.99 }, quantityInStock: { value: 0, unit: 'each' } } },
      });
      const history = await biz.call('materialHistory', { actor: who.actor, body: { id: material.id } });
      expect(history.data).toHaveLength(2);
      expect(history.data[0]).toMatchObject({
        type: 'material.created',
        version: 1,
        by: { id: who.user.id, fullName: 'Mara Stone' },
        changes: { name: { from: null, to: 'Birch plywood' }, price: { from: null, to: { strategy: 'per-piece', unit: 'each', price: 12.5 } } },
      });
      // Exactly the contract's price (dollars), not the domain's `cents`.
      expect(history.data[0].changes.price).toEqual({ from: null, to: { strategy: 'per-piece', unit: 'each', price: 12.5 } });
      expect(history.data[1]).toMatchObject({ type: 'material.updated', version: 2, by: { id: who.user.id, fullName: 'Mara Stone' } });
      expect(history.data[1].changes).toEqual({
        price: { from: { strategy: 'per-piece', unit: 'each', price: 12.5 }, to: { strategy: 'per-piece', unit: 'each', price: 9.99 } },
        quantityInStock: { from: { value: 10, unit: 'each' }, to: { value: 0, unit: 'each' } },
      });
      expect(Date.parse(history.data[0].at)).toBeLessThanOrEqual(Date.parse(history.data[1].at));
      expect(await biz.call('getMaterial', { actor: who.actor, body: { id: material.id, version: 1 } })).toEqual(material);
      expect(await biz.call('getMaterial', { actor: who.actor, body: { id: material.id, version: 2 } })).toMatchObject({
        version: 2,
        inStock: false,
        price: { price: 9.99 },
      });
      expect(await biz.fail('getMaterial', { actor: who.actor, body: { id: material.id, version: 3 } })).toEqual({
        statusCode: 404,
        message: RECORD_MESSAGES.noSuchVersion,
      });
      expect(await biz.fail('getMaterial', { actor: stranger.actor, body: { id: material.id, version: 1 } })).toMatchObject({ statusCode: 404 });
    });

    it('deleting: a fact, then 404 everywhere and gone from the list', async () => {
      const who = await aUser(env.workspace.rpc, {});
      const material = await create(who);
      expect(await biz.call('deleteMaterial', { actor: who.actor, body: { id: material.id, ifMatch: 1 } })).toMatchObject({ id: material.id, version: 2 });
      expect((await facts(material.id)).map((f) => f.type)).toEqual(['material.created', 'material.deleted']);
      for (const fail of [
        biz.fail('getMaterial', { actor: who.actor, body: { id: material.id } }),
        biz.fail('materialHistory', { actor: who.actor, body: { id: material.id } }),
        biz.fail('updateMaterial', { actor: who.actor, body: { id: material.id, changes: { name: 'Back' } } }),
        biz.fail('deleteMaterial', { actor: who.actor, body: { id: material.id } }),
      ]) {
        expect(await fail).toMatchObject({ statusCode: 404, message: 'This material does not exist.' });
      }
      expect((await biz.call('listMaterials', { actor: who.actor, body: {} })).data.map((m) => m.id)).not.toContain(material.id);
    });
  });

  describe('who may read and change', () => {
    it('a personal material: its owner only; a stranger gets 404 for every call', async () => {
      const material = await create(me);
      expect(await biz.fail('getMaterial', { actor: stranger.actor, body: { id: material.id } })).toMatchObject({
        statusCode: 404,
        message: 'This material does not exist.',
      });
      expect(await biz.fail('materialHistory', { actor: stranger.actor, body: { id: material.id } })).toMatchObject({ statusCode: 404 });
      expect(await biz.fail('updateMaterial', { actor: stranger.actor, body: { id: material.id, changes: { name: 'Mine' } } })).toMatchObject({
        statusCode: 404,
      });
      expect(await biz.fail('deleteMaterial', { actor: stranger.actor, body: { id: material.id } })).toMatchObject({ statusCode: 404 });
      expect(await facts(material.id)).toHaveLength(1);
    });

    it("a team's material: every member reads it, owners and editors change it, a viewer gets 403 with a sentence, a stranger 404", async () => {
      const material = await create(team.editor, { teamId: team.teamId, projectId: team.projectId });
      expect(material).toMatchObject({ ownerId: team.editor.user.id, teamId: team.teamId, projectId: team.projectId });
      for (const member of [team.owner, team.editor, team.viewer]) {
        expect(await biz.call('getMaterial', { actor: member.actor, body: { id: material.id } })).toMatchObject({ id: material.id });
        expect((await biz.call('listMaterials', { actor: member.actor, body: { where: { teamId: team.teamId } } })).data.map((m) => m.id)).toContain(
          material.id,
        );
        expect((await biz.call('listMaterials', { actor: member.actor, body: { where: { projectId: team.projectId } } })).data.map((m) => m.id)).toEqual([
          material.id,
        ]);
      }
      expect(await biz.call('updateMaterial', { actor: team.owner.actor, body: { id: material.id, changes: { name: 'Team plywood' } } })).toMatchObject({
        version: 2,
      });
      expect(await biz.call('updateMaterial', { actor: team.editor.actor, body: { id: material.id, changes: { name: 'Team plywood 2' } } })).toMatchObject({
        version: 3,
      });
      expect(await biz.fail('updateMaterial', { actor: team.viewer.actor, body: { id: material.id, changes: { name: 'Viewer' } } })).toEqual({
        statusCode: 403,
        message: ACCESS_MESSAGES.viewerCannotChange,
      });
      expect(await biz.fail('deleteMaterial', { actor: team.viewer.actor, body: { id: material.id } })).toEqual({
        statusCode: 403,
        message: ACCESS_MESSAGES.viewerCannotChange,
      });
      expect(await biz.fail('createMaterial', { actor: team.viewer.actor, body: aSheet({ teamId: team.teamId }) })).toEqual({
        statusCode: 403,
        message: ACCESS_MESSAGES.viewerCannotChange,
      });
      expect(await biz.fail('getMaterial', { actor: stranger.actor, body: { id: material.id } })).toMatchObject({ statusCode: 404 });
      expect(await biz.fail('updateMaterial', { actor: stranger.actor, body: { id: material.id, changes: { name: 'Mine' } } })).toMatchObject({
        statusCode: 404,
      });
      expect(await biz.fail('listMaterials', { actor: stranger.actor, body: { where: { teamId: team.teamId } } })).toEqual({
        statusCode: 404,
        message: ACCESS_MESSAGES.teamNotFound,
      });
      expect(await biz.fail('createMaterial', { actor: stranger.actor, body: aSheet({ teamId: team.teamId }) })).toMatchObject({ statusCode: 404 });
      expect(await biz.fail('createMaterial', { actor: stranger.actor, body: aSheet({ projectId: team.projectId }) })).toEqual({
        statusCode: 404,
        message: ACCESS_MESSAGES.projectNotFound,
      });
      expect(await biz.fail('materialTags', { actor: stranger.actor, body: { where: { teamId: team.teamId } } })).toMatchObject({ statusCode: 404 });
      // A team record never shows in the members' personal lists.
      expect((await biz.call('listMaterials', { actor: team.editor.actor, body: {} })).data.map((m) => m.id)).not.toContain(material.id);
      const history = await biz.call('materialHistory', { actor: team.viewer.actor, body: { id: material.id } });
      expect(history.data.map((e) => e.by.id)).toEqual([team.editor.user.id, team.owner.user.id, team.editor.user.id]);
      expect(history.data[1].by.fullName).toBe(team.owner.user.fullName);
    });

    it('a member removed from the team loses access; a role change to viewer takes the right to change away', async () => {
      const t = await aTeamWithRoles(env);
      const material = await create(t.owner, { teamId: t.teamId });
      const members = await env.workspace.rpc.call('listMembers', { actor: t.owner.actor, body: { where: { teamId: t.teamId } } } as never);
      const editorMember = (members as { data: { id: string; userId: string | null }[] }).data.find((m) => m.userId === t.editor.user.id)!;
      await env.workspace.rpc.call('changeMemberRole', { actor: t.owner.actor, body: { id: editorMember.id, changes: { role: 'viewer' } } });
      await eventually(async () =>
        expect(await biz.fail('updateMaterial', { actor: t.editor.actor, body: { id: material.id, changes: { name: 'x' } } })).toMatchObject({
          statusCode: 403,
        }),
      );
      await env.workspace.rpc.call('removeMember', { actor: t.owner.actor, body: { id: editorMember.id } });
      await eventually(async () =>
        expect(await biz.fail('getMaterial', { actor: t.editor.actor, body: { id: material.id } })).toMatchObject({ statusCode: 404 }),
      );
      await env.workspace.rpc.call('deleteTeam', { actor: t.owner.actor, body: { id: t.teamId } });
      await eventually(async () =>
        expect(await biz.fail('getMaterial', { actor: t.owner.actor, body: { id: material.id } })).toMatchObject({ statusCode: 404 }),
      );
    });
  });

  describe('the read model', () => {
    it('rebuilt from the events table it equals the live one (rows and timelines)', async () => {
      const who = await aUser(env.workspace.rpc, {});
      const material = await create(who);
      await biz.call('updateMaterial', { actor: who.actor, body: { id: material.id, changes: { name: 'Rebuilt' } } });
      const gone = await create(who);
      await biz.call('deleteMaterial', { actor: who.actor, body: { id: gone.id } });
      const { ProjectMaterialsOnMaterialEvents } = require('../src/materials/projections/project-materials-on-material-events');
      const { rebuildProjection } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
      const rows = () => env.db.withSchema('commerce').selectFrom('business_material_view').selectAll().orderBy('id').execute();
      const timelines = () =>
        env.db
          .withSchema('commerce')
          .selectFrom('business_record_history as h')
          .innerJoin('business_material_view as v', 'v.id', 'h.record_id')
          .select(['h.record_id', 'h.version', 'h.type', 'h.at', 'h.by', 'h.changes'])
          .orderBy('h.record_id')
          .orderBy('h.version')
          .execute();
      const live = { rows: await rows(), timelines: await timelines() };
      const count = await rebuildProjection(env.db, 'commerce', ProjectMaterialsOnMaterialEvents);
      expect(count).toBe(live.rows.length);
      expect(await rows()).toEqual(live.rows);
      expect(await timelines()).toEqual(live.timelines);
      expect(live.rows.find((r) => r.id === gone.id)?.deleted_at).toBeInstanceOf(Date);
      // Fetching a few events at a time cuts streams (the 51 versions above) across fetches: still the same.
      const { recordProjection } =
        require('../src/business-records/projections/record-projection') as typeof import('../src/business-records/projections/record-projection');
      const { materialType } = require('../src/materials/material-type') as typeof import('../src/materials/material-type');
      expect(await rebuildProjection(env.db, 'commerce', recordProjection(materialType, ProjectMaterialsOnMaterialEvents.name, { rebuildFetch: 7 }))).toBe(
        live.rows.length,
      );
      expect(await rows()).toEqual(live.rows);
      expect(await timelines()).toEqual(live.timelines);
    });

    it("keeps each scope's total equal to a count of its live rows: personal, team, project and no project, through deletes and a rebuild", async () => {
      const t = await aTeamWithRoles(env);
      const who = await aUser(env.workspace.rpc, {});
      const mine = [await create(who), await create(who), await create(who)];
      const inProject = [
        await create(t.editor, { teamId: t.teamId, projectId: t.projectId }),
        await create(t.editor, { teamId: t.teamId, projectId: t.projectId }),
      ];
      const noProject = await create(t.owner, { teamId: t.teamId });
      await biz.call('deleteMaterial', { actor: who.actor, body: { id: mine[1].id } });
      await biz.call('updateMaterial', { actor: t.owner.actor, body: { id: inProject[0].id, changes: { name: 'Renamed in the project' } } });
      await biz.call('deleteMaterial', { actor: t.owner.actor, body: { id: inProject[1].id } });
      const totals = async () => [
        (await biz.call('listMaterials', { actor: who.actor, body: {} })).total,
        (await biz.call('listMaterials', { actor: t.viewer.actor, body: { where: { teamId: t.teamId } } })).total,
        (await biz.call('listMaterials', { actor: t.viewer.actor, body: { where: { projectId: t.projectId } } })).total,
        (await biz.call('listMaterials', { actor: t.viewer.actor, body: { where: { teamId: t.teamId, projectId: null } } })).total,
      ];
      expect(await totals()).toEqual([2, 2, 1, 1]);
      expect(noProject.projectId).toBeNull();
      // Every kept count equals what count(*) over the view's live rows says, whoever's they are.
      const { sql } = require('kysely') as typeof import('kysely');
      const keptVersusCounted = async () =>
        (
          await sql<{ scope: string; kept: string | null; counted: string | null }>`
            WITH counted AS (
              SELECT k.scope, count(*) AS n FROM commerce.business_material_view r,
                LATERAL (VALUES (CASE WHEN r.team_id IS NULL THEN 'o:' || r.owner_id END), (CASE WHEN r.team_id IS NOT NULL THEN 't:' || r.team_id END),
                                (CASE WHEN r.team_id IS NOT NULL THEN 't:' || r.team_id || ':p:' || coalesce(r.project_id, '') END)) AS k(scope)
              WHERE r.deleted_at IS NULL AND k.scope IS NOT NULL GROUP BY k.scope)
            SELECT coalesce(c.scope, k.scope) AS scope, k.live::text AS kept, c.n::text AS counted
            FROM counted c
            FULL JOIN (SELECT scope, live FROM commerce.business_record_counts WHERE view = 'business_material_view' AND live <> 0) k ON k.scope = c.scope
            WHERE c.n IS DISTINCT FROM k.live`.execute(env.db)
        ).rows;
      expect(await keptVersusCounted()).toEqual([]);
      const { ProjectMaterialsOnMaterialEvents } = require('../src/materials/projections/project-materials-on-material-events');
      const { rebuildProjection } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
      await rebuildProjection(env.db, 'commerce', ProjectMaterialsOnMaterialEvents);
      expect(await keptVersusCounted()).toEqual([]);
      expect(await totals()).toEqual([2, 2, 1, 1]);
    });

    it('reads the first page of a scope from its index, without sorting every row of it', async () => {
      const { matchingRows, pageOf } =
        require('../src/business-records/adapters/pg-record-read-model') as typeof import('../src/business-records/adapters/pg-record-read-model');
      const { materialType } = require('../src/materials/material-type') as typeof import('../src/materials/material-type');
      const { sql } = require('kysely') as typeof import('kysely');
      const { base } = matchingRows(env.db, materialType, { kind: 'personal', ownerId: me.user.id }, {});
      const { sql: text, parameters } = pageOf(base, {}).compile();
      const plan = await env.db.transaction().execute(async (trx) => {
        // A handful of test rows: ask for the plan a large scope gets (no scan of every row, no sort of them).
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        await sql`SET LOCAL enable_sort = off`.execute(trx);
        return (
          await trx.executeQuery<{ 'QUERY PLAN': string }>({
            sql: `EXPLAIN ${text}`,
            parameters,
            query: { kind: 'RawNode' } as never,
            queryId: { queryId: 'explain' },
          } as never)
        ).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      });
      expect(plan).toMatch(/business_material_view_owner/);
      expect(plan).not.toMatch(/Sort/);
    });

    it('a repeated event is applied once; an older event never overwrites a newer row', async () => {
      const who = await aUser(env.workspace.rpc, {});
      const material = await create(who);
      await biz.call('updateMaterial', { actor: who.actor, body: { id: material.id, changes: { name: 'Newer' } } });
      const { ProjectMaterialsOnMaterialEvents } = require('../src/materials/projections/project-materials-on-material-events');
      const { applyOnce } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
      const outbox = await env.db.withSchema('commerce').selectFrom('outbox').select(['payload']).where('type', '=', 'commerce.material.created.v1').execute();
      const created = outbox.map((r) => r.payload as { aggregateId: string }).find((p) => p.aggregateId === material.id)!;
      const row = () =>
        env.db.withSchema('commerce').selectFrom('business_material_view').select(['name', 'version']).where('id', '=', material.id).executeTakeFirstOrThrow();
      const history = () =>
        env.db
          .withSchema('commerce')
          .selectFrom('business_record_history')
          .select(['version', 'changes'])
          .where('record_id', '=', material.id)
          .orderBy('version')
          .execute();
      const before = { row: await row(), history: await history() };
      const applied = await env.db.transaction().execute((trx) => applyOnce(trx, 'commerce', ProjectMaterialsOnMaterialEvents, created as never));
      expect(applied).toBe(false);
      // Past the dedup table too (as a redelivery after its row was pruned would be): the version guard holds.
      await env.db.transaction().execute((trx) => ProjectMaterialsOnMaterialEvents.apply(trx, created));
      expect(await row()).toEqual({ name: 'Newer', version: 2 });
      expect(await history()).toEqual(before.history);
    });
  });
});
