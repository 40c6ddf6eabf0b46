import { CreateMaterialInput, CreateServiceInput } from '@kiln/contracts';
import { RECORD_MESSAGES, SERVICE_MESSAGES } from '@kiln/domain';
import { aUser, SignedUp } from '../../workspace/test/support/builders';
import { ACCESS_MESSAGES } from '../src/team-access/ports/business-access.port';
import { aTeamWithRoles, ATeam, BusinessClient, businessClient } from './business-records.support';
import { CommerceTestEnv, startCommerce } from './support/commerce-env';

/** Services over NATS (ADR 0029): rules, price options and their materials, the list, versions, roles. */
const aMaterial = (name: string): CreateMaterialInput => ({
  name,
  internalName: name.toUpperCase(),
  materialClass: 'weight',
  params: {},
  price: { strategy: 'per-weight', unit: 'kg', price: 20 },
  quantityInStock: { value: 5, unit: 'kg' },
});
const aService = (over: Partial<CreateServiceInput> = {}): CreateServiceInput => ({
  name: 'Laser cutting',
  serviceClass: 'length-based-service',
  tags: ['cutting'],
  generalPrice: { value: 1.5, unit: 'm' },
  prices: [],
  ...over,
});

describe('commerce service: services (business records over NATS)', () => {
  let env: CommerceTestEnv;
  let biz: BusinessClient;
  let stranger: SignedUp;
  let team: ATeam;
  beforeAll(async () => {
    env = await startCommerce();
    biz = businessClient(env);
    stranger = await aUser(env.workspace.rpc);
    team = await aTeamWithRoles(env);
  });
  afterAll(async () => {
    await env?.stop();
  });
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

  it("creates a service with price options: option ids, materialCount, priceRange, the options' materials named on read", async () => {
    const me = await aUser(env.workspace.rpc);
    const pla = await biz.call('createMaterial', { actor: me.actor, body: aMaterial('PLA') });
    const petg = await biz.call('createMaterial', { actor: me.actor, body: aMaterial('PETG') });
    const foreign = await biz.call('createMaterial', { actor: stranger.actor, body: aMaterial('Not yours') });
    const service = await biz.call('createService', {
      actor: me.actor,
      body: aService({
        prices: [
          { label: 'Thin', price: { value: 0.99, unit: 'm' }, material: [pla.id, petg.id] },
          { label: 'Thick', price: { value: 3, unit: 'm' }, material: [pla.id, foreign.id] },
        ],
      }),
    });
    expect(service).toMatchObject({ version: 1, materialCount: 3, priceRange: { min: 0.99, max: 3 }, generalPrice: { value: 1.5, unit: 'm' } });
    expect(service.prices.map((o) => o.id)).toEqual(['opt-1', 'opt-2']);
    const read = await biz.call('getService', { actor: me.actor, body: { id: service.id } });
    expect(read.prices[0].materials).toEqual([
      { id: pla.id, name: 'PLA' },
      { id: petg.id, name: 'PETG' },
    ]);
    // Someone else's material is never named (its id stays as sent).
    expect(read.prices[1].materials).toEqual([{ id: pla.id, name: 'PLA' }]);
    const list = await biz.call('listServices', { actor: me.actor, body: {} });
    expect(list.data[0].prices[0].materials).toEqual([
      { id: pla.id, name: 'PLA' },
      { id: petg.id, name: 'PETG' },
    ]);
    // The timeline speaks the API: the general price and each option's price in dollars.
    const [created] = (await biz.call('serviceHistory', { actor: me.actor, body: { id: service.id } })).data;
    expect(created.changes).toMatchObject({
      generalPrice: { from: null, to: { value: 1.5, unit: 'm' } },
      prices: {
        from: null,
        to: [
          { id: 'opt-1', label: 'Thin', price: { value: 0.99, unit: 'm' } },
          { id: 'opt-2', label: 'Thick', price: { value: 3, unit: 'm' } },
        ],
      },
    });
  });

  it("refuses with the spec's sentences and writes nothing: name, class, general price, a price option without material; the class is locked", async () => {
    const me = await aUser(env.workspace.rpc);
    const before = await eventCount();
    expect(await biz.fail('createService', { actor: me.actor, body: aService({ name: '  ' }) })).toMatchObject({
      statusCode: 400,
      message: SERVICE_MESSAGES.required,
    });
    expect(await biz.fail('createService', { actor: me.actor, body: aService({ generalPrice: null }) })).toMatchObject({
      statusCode: 400,
      message: SERVICE_MESSAGES.generalPriceRequired,
    });
    expect(
      await biz.fail('createService', { actor: me.actor, body: aService({ prices: [{ label: 'x', price: { value: 1, unit: 'm' }, material: [] }] }) }),
    ).toMatchObject({ statusCode: 400, message: SERVICE_MESSAGES.selectMaterial });
    expect(await biz.fail('createService', { actor: me.actor, body: aService({ generalPrice: { value: 1, unit: 'kg' } }) })).toMatchObject({
      statusCode: 400,
      message: SERVICE_MESSAGES.unitKind('length'),
    });
    expect(await biz.fail('createService', { actor: me.actor, body: { ...aService(), serviceClass: undefined } })).toMatchObject({
      statusCode: 400,
      message: SERVICE_MESSAGES.required,
    });
    expect(await eventCount()).toBe(before);
    const service = await biz.call('createService', { actor: me.actor, body: aService() });
    expect(await biz.fail('updateService', { actor: me.actor, body: { id: service.id, changes: { serviceClass: 'time-based-service' } } })).toMatchObject({
      statusCode: 400,
      message: SERVICE_MESSAGES.classLocked,
    });
    expect(await biz.call('getService', { actor: me.actor, body: { id: service.id } })).toMatchObject({ version: 1 });
  });

  it('lists 20 a page with name search and sort (price, name); distinct tags', async () => {
    const me = await aUser(env.workspace.rpc);
    for (let i = 0; i < 21; i++)
      await biz.call('createService', {
        actor: me.actor,
        body: aService({ name: `Cut ${String(i).padStart(2, '0')}`, generalPrice: { value: 21 - i, unit: 'm' }, tags: [`t${i % 3}`] }),
      });
    await biz.call('createService', {
      actor: me.actor,
      body: aService({ name: 'Polishing', serviceClass: 'time-based-service', generalPrice: { value: 40, unit: 'h' }, tags: ['finish'] }),
    });
    const page = await biz.call('listServices', { actor: me.actor, body: { sort: { price: 1 } } });
    expect(page.total).toBe(22);
    expect(page.data).toHaveLength(20);
    expect(page.data[0]).toMatchObject({ name: 'Cut 20', generalPrice: { value: 1 } });
    const byName = await biz.call('listServices', { actor: me.actor, body: { sort: { name: -1 }, where: { name: { contains: 'pol' } } } });
    expect(byName.data.map((s) => s.name)).toEqual(['Polishing']);
    expect(await biz.call('serviceTags', { actor: me.actor, body: {} })).toEqual({ data: ['finish', 't0', 't1', 't2'] });
  });

  it('If-Match on services: 412 when stale; the timeline with option changes in dollars; ?version=1', async () => {
    const me = await aUser(env.workspace.rpc);
    const service = await biz.call('createService', { actor: me.actor, body: aService() });
    await biz.call('updateService', { actor: me.actor, body: { id: service.id, changes: { generalPrice: { value: 2.25, unit: 'm' } }, ifMatch: 1 } });
    expect(await biz.fail('updateService', { actor: me.actor, body: { id: service.id, changes: { name: 'Late' }, ifMatch: 1 } })).toEqual({
      statusCode: 412,
      message: RECORD_MESSAGES.changedMeanwhile,
    });
    const history = await biz.call('serviceHistory', { actor: me.actor, body: { id: service.id } });
    expect(history.data.map((e) => [e.type, e.version])).toEqual([
      ['service.created', 1],
      ['service.updated', 2],
    ]);
    expect(history.data[1].changes).toEqual({ generalPrice: { from: { value: 1.5, unit: 'm' }, to: { value: 2.25, unit: 'm' } } });
    expect(await biz.call('getService', { actor: me.actor, body: { id: service.id, version: 1 } })).toMatchObject({ version: 1, generalPrice: { value: 1.5 } });
  });

  it("a team's service: members read, viewers cannot change (403), strangers 404", async () => {
    const service = await biz.call('createService', { actor: team.owner.actor, body: aService({ teamId: team.teamId }) });
    expect((await biz.call('listServices', { actor: team.viewer.actor, body: { where: { teamId: team.teamId } } })).data.map((s) => s.id)).toContain(
      service.id,
    );
    expect(await biz.call('updateService', { actor: team.editor.actor, body: { id: service.id, changes: { name: 'Team cutting' } } })).toMatchObject({
      version: 2,
    });
    expect(await biz.fail('updateService', { actor: team.viewer.actor, body: { id: service.id, changes: { name: 'No' } } })).toEqual({
      statusCode: 403,
      message: ACCESS_MESSAGES.viewerCannotChange,
    });
    expect(await biz.fail('deleteService', { actor: stranger.actor, body: { id: service.id } })).toMatchObject({
      statusCode: 404,
      message: 'This service does not exist.',
    });
    expect(await biz.fail('getService', { actor: stranger.actor, body: { id: service.id } })).toMatchObject({ statusCode: 404 });
    expect(await biz.call('deleteService', { actor: team.editor.actor, body: { id: service.id, ifMatch: 2 } })).toMatchObject({ version: 3 });
    expect(await biz.fail('getService', { actor: team.owner.actor, body: { id: service.id } })).toMatchObject({ statusCode: 404 });
  });

  it('a material id is not a service (and the other way round)', async () => {
    const me = await aUser(env.workspace.rpc);
    const material = await biz.call('createMaterial', { actor: me.actor, body: aMaterial('PLA') });
    expect(await biz.fail('getService', { actor: me.actor, body: { id: material.id } })).toMatchObject({ statusCode: 404 });
    expect(await biz.fail('updateService', { actor: me.actor, body: { id: material.id, changes: { name: 'x' } } })).toMatchObject({ statusCode: 404 });
  });
});
