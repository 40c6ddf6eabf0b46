import { CreateMaterialInput } from '@kiln/contracts';
import { APPEARANCE_MESSAGES } from '@kiln/domain';
import { aUser, SignedUp } from '../../workspace/test/support/builders';
import { aTeamWithRoles, ATeam, BusinessClient, businessClient } from './business-records.support';
import { CommerceTestEnv, startCommerce } from './support/commerce-env';

/**
 * Materials with textures (ADR 0064), over NATS with the real workspace beside: a texture-mode entry keeps its
 * textureId; a newly chosen texture must be one the caller sees and of the material's scope or the community (else
 * 400 with the sentence, nothing written); a texture deleted later leaves the material readable and editable.
 */
const aTexturedSheet = (textureId: string | null, over: Partial<CreateMaterialInput> = {}): CreateMaterialInput => ({
  name: 'Oak veneer',
  internalName: 'VEN-OAK',
  materialClass: 'sheet',
  params: { width: { value: 1220, unit: 'mm' }, length: { value: 2440, unit: 'mm' }, thickness: { value: 1, unit: 'mm' } },
  price: { strategy: 'per-piece', unit: 'each', price: 9 },
  quantityInStock: { value: 3, unit: 'each' },
  appearance: [{ mode: 'texture', textureId, color: null, materialIndexDirection: ['all'] }],
  ...over,
});

describe('commerce service: materials with textures', () => {
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
  }, 60_000);
  afterAll(async () => {
    await env?.stop();
  });

  const aTexture = async (who: SignedUp, body: Record<string, unknown> = {}) =>
    (await env.workspace.rpc.call('createTexture', { actor: who.actor, body: { name: 'Oak grain', ...body } as never })).id;
  const refusal = {
    statusCode: 400,
    message: APPEARANCE_MESSAGES.textureUnavailable,
    errors: [{ path: 'appearance.0.textureId', message: APPEARANCE_MESSAGES.textureUnavailable }],
  };
  const materialCount = async (ownerId: string) =>
    Number(
      (
        await env.db
          .withSchema('commerce')
          .selectFrom('business_material_view')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_id', '=', ownerId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('keeps my own texture or a community one; refuses a stranger’s private one and a texture of another scope, writing nothing', async () => {
    const mine = await aTexture(me);
    const community = await aTexture(stranger, { name: 'Brushed steel', public: true });
    const strangers = await aTexture(stranger, { name: 'Secret marble' });

    const material = await biz.call('createMaterial', { actor: me.actor, body: aTexturedSheet(mine) });
    expect(material.appearance).toEqual([{ mode: 'texture', textureId: mine, color: null, materialIndexDirection: ['all'] }]);
    expect((await biz.call('getMaterial', { actor: me.actor, body: { id: material.id } })).appearance[0].textureId).toBe(mine);
    const withCommunity = await biz.call('createMaterial', { actor: me.actor, body: aTexturedSheet(community, { name: 'Steel sheet' }) });
    expect(withCommunity.appearance[0].textureId).toBe(community);

    const before = await materialCount(me.user.id);
    expect(await biz.fail('createMaterial', { actor: me.actor, body: aTexturedSheet(strangers) })).toMatchObject(refusal);
    // A texture of no one (never made) answers the same.
    expect(await biz.fail('createMaterial', { actor: me.actor, body: aTexturedSheet('0123456789abcdef01234567') })).toMatchObject(refusal);
    // My personal texture cannot paint a team's material: its members could not see it.
    expect(
      await biz.fail('createMaterial', { actor: team.owner.actor, body: aTexturedSheet(await aTexture(team.owner), { teamId: team.teamId }) }),
    ).toMatchObject(refusal);
    const teamTexture = await aTexture(team.owner, { teamId: team.teamId });
    const teamMaterial = await biz.call('createMaterial', { actor: team.editor.actor, body: aTexturedSheet(teamTexture, { teamId: team.teamId }) });
    expect(teamMaterial.appearance[0].textureId).toBe(teamTexture);
    expect(await materialCount(me.user.id)).toBe(before);

    // Choosing a stranger's private texture later is refused too, the version unchanged.
    const changes = { appearance: [{ mode: 'texture' as const, textureId: strangers, color: null, materialIndexDirection: ['all' as const] }] };
    expect(await biz.fail('updateMaterial', { actor: me.actor, body: { id: material.id, changes } })).toMatchObject(refusal);
    expect((await biz.call('getMaterial', { actor: me.actor, body: { id: material.id } })).version).toBe(1);
  });

  it('a texture deleted later leaves the material readable and editable; choosing it again is refused', async () => {
    const doomed = await aTexture(me, { name: 'Walnut grain' });
    const material = await biz.call('createMaterial', { actor: me.actor, body: aTexturedSheet(doomed, { name: 'Walnut veneer' }) });
    await env.workspace.rpc.call('deleteTexture', { actor: me.actor, body: { id: doomed } });

    expect((await biz.call('getMaterial', { actor: me.actor, body: { id: material.id } })).appearance[0].textureId).toBe(doomed);
    expect((await biz.call('listMaterials', { actor: me.actor, body: {} })).data.map((m) => m.id)).toContain(material.id);
    // The whole form saved again (the appearance as it was) goes through: the kept texture is not asked about.
    const renamed = await biz.call('updateMaterial', {
      actor: me.actor,
      body: { id: material.id, changes: { name: 'Walnut veneer B', appearance: material.appearance }, ifMatch: 1 },
    });
    expect([renamed.name, renamed.version, renamed.appearance[0].textureId]).toEqual(['Walnut veneer B', 2, doomed]);
    // Another material cannot newly choose it.
    expect(await biz.fail('createMaterial', { actor: me.actor, body: aTexturedSheet(doomed) })).toMatchObject(refusal);
  });
});
