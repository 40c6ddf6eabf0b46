import {
  ASSET_ITEM_MESSAGES,
  COMMON_MESSAGES,
  COMPONENT_MESSAGES,
  componentInUse,
  MODEL_COMPONENT_MESSAGES,
  MODEL_GEOMETRY_MESSAGES,
  Model,
} from '@kiln/contracts';
import { MODEL_CHANGE_REFUSED } from '@kiln/domain';
import { anUnknownId, aModel, aUser, SignedUp } from './support/builders';
import { aMember, aTeam, aTeamName } from './support/team-builders';
import { eventually, startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * A model's geometry (issue 18; ADR 0054), through the service over NATS with real Postgres and JetStream:
 * set from a 3D object of the model's scope, refused to strangers, viewers and objects of another scope;
 * what the viewer may show (`modelView`), anonymous callers through the 'Everyone' link only.
 */
describe('workspace service: a model’s geometry (over NATS)', () => {
  let env: WorkspaceTestEnv;
  beforeAll(async () => {
    env = await startWorkspace();
  });
  afterAll(async () => {
    await env?.stop();
  });

  let seq = 0;
  /**
   * A 3D object (ADR 0052) made with the asset items' own aggregate and repository: this service alone
   * cannot make one through its command, which first asks the assets service about the upload.
   */
  async function an3dObject(author: SignedUp, scope: { teamId?: string | null; projectId?: string | null } = {}, kind: 'object3d' | 'image' = 'object3d') {
    const { AssetItemAggregate } = require('@kiln/domain') as typeof import('@kiln/domain');
    const port = require('../src/asset-items/ports/asset-item.repository.port') as typeof import('../src/asset-items/ports/asset-item.repository.port');
    const items = env.app.get<import('../src/asset-items/ports/asset-item.repository.port').AssetItemRepository>(port.ASSET_ITEM_REPOSITORY, { strict: false });
    const id = anUnknownId();
    const mediaId = anUnknownId();
    const name = `part-${++seq}.${kind === 'image' ? 'png' : 'glb'}`;
    const pending = { status: 'pending' as const, thumbnail: false, view: false, svg: false };
    const item = AssetItemAggregate.create({
      id,
      kind,
      media: { id: mediaId, type: kind, name, mimetype: 'application/octet-stream', size: 1234, preview: pending },
      // The scope's rules are the items' own (ADR 0052); here the author is the team's owner or the person.
      actor: { userId: author.user.id, teamRole: scope.teamId ? 'owner' : null },
      teamId: scope.teamId ?? null,
      projectId: scope.projectId ?? null,
      now: new Date(),
    });
    await items.save(item, { actorId: author.user.id, occurredAt: new Date() });
    return { id, mediaId };
  }

  const setGeometry = (who: SignedUp, id: string, object3dId: string | null) =>
    env.rpc.call('setModelGeometry', { actor: who.actor, body: { id, changes: { object3dId } } });
  const failSetGeometry = (who: SignedUp, id: string, object3dId: string | null) =>
    env.rpc.fail('setModelGeometry', { actor: who.actor, body: { id, changes: { object3dId } } });
  const view = (userId: string, id: string) => env.rpc.call('modelView', { actor: { userId }, body: { id } });

  it('the owner sets a personal model’s geometry from their own 3D object; the answer, the read model and a list carry it; null gives it up', async () => {
    const owner = await aUser(env.rpc);
    const model = await aModel(env.rpc, owner);
    expect(model.geometry).toBeNull();
    const object = await an3dObject(owner);

    const changed = await setGeometry(owner, model.id, object.id);
    expect(Model.parse(changed)).toEqual(changed);
    expect(changed).toMatchObject({ id: model.id, geometry: { object3dId: object.id, mediaId: object.mediaId }, version: model.version + 1 });
    await expect(env.rpc.call('getModel', { actor: owner.actor, body: { id: model.id } })).resolves.toMatchObject({
      geometry: { object3dId: object.id, mediaId: object.mediaId },
    });
    await eventually(async () => {
      const { data } = await env.rpc.call('listModels', { actor: owner.actor, body: {} });
      expect(data.find((m) => m.id === model.id)?.geometry).toEqual({ object3dId: object.id, mediaId: object.mediaId });
    });
    await expect(view(owner.user.id, model.id)).resolves.toEqual({
      id: model.id,
      name: model.name,
      hasGeometry: true,
      geometry: { object3dId: object.id, mediaId: object.mediaId },
    });

    const cleared = await setGeometry(owner, model.id, null);
    expect(cleared.geometry).toBeNull();
    await expect(view(owner.user.id, model.id)).resolves.toMatchObject({ hasGeometry: false, geometry: null });
  });

  it('a team editor sets it from a 3D object of the team; a project model only from that project’s', async () => {
    const owner = await aUser(env.rpc);
    const team = await aTeam(env.rpc, owner);
    const project = await env.rpc.call('createProject', { actor: owner.actor, body: { teamId: team.id, name: aTeamName('Project') } });
    const { user: editor } = await aMember(env.rpc, team, owner, 'editor');
    const teamModel = await aModel(env.rpc, owner, { teamId: team.id });
    const projectModel = await aModel(env.rpc, owner, { teamId: team.id, projectId: project.id });
    // Uploaded by the owner: any member may use the team's 3D objects.
    const teamObject = await an3dObject(owner, { teamId: team.id });
    const projectObject = await an3dObject(owner, { teamId: team.id, projectId: project.id });

    await expect(setGeometry(editor, teamModel.id, teamObject.id)).resolves.toMatchObject({
      geometry: { object3dId: teamObject.id },
      contributorId: editor.user.id,
    });
    await expect(setGeometry(editor, projectModel.id, projectObject.id)).resolves.toMatchObject({ geometry: { object3dId: projectObject.id } });
    // The team's object is not the project's, nor the project's the team's.
    const wrong = {
      statusCode: 400,
      message: MODEL_GEOMETRY_MESSAGES.otherScope,
      errors: [{ path: 'object3dId', message: MODEL_GEOMETRY_MESSAGES.otherScope }],
    };
    await expect(failSetGeometry(editor, projectModel.id, teamObject.id)).resolves.toEqual(wrong);
    await expect(failSetGeometry(editor, teamModel.id, projectObject.id)).resolves.toEqual(wrong);
  });

  it('refuses a stranger (404, the model unknown), a team viewer (403), and leaves the geometry as it was', async () => {
    const owner = await aUser(env.rpc);
    const team = await aTeam(env.rpc, owner);
    const { user: viewer } = await aMember(env.rpc, team, owner, 'viewer');
    const stranger = await aUser(env.rpc);
    const model = await aModel(env.rpc, owner, { teamId: team.id });
    const object = await an3dObject(owner, { teamId: team.id });
    await setGeometry(owner, model.id, object.id);

    await expect(failSetGeometry(stranger, model.id, object.id)).resolves.toEqual({ statusCode: 404, message: COMMON_MESSAGES.modelNotFound });
    await expect(failSetGeometry(viewer, model.id, null)).resolves.toEqual({ statusCode: 403, message: MODEL_CHANGE_REFUSED });
    await expect(failSetGeometry(owner, anUnknownId(), object.id)).resolves.toMatchObject({ statusCode: 404, message: COMMON_MESSAGES.modelNotFound });
    // A viewer still sees it in the viewer.
    await expect(view(viewer.user.id, model.id)).resolves.toMatchObject({ hasGeometry: true });
    await expect(env.rpc.call('getModel', { actor: owner.actor, body: { id: model.id } })).resolves.toMatchObject({ geometry: { object3dId: object.id } });
  });

  it('refuses a 3D object of another scope, one the caller may not see, an unknown one and an item of another kind', async () => {
    const owner = await aUser(env.rpc);
    const other = await aUser(env.rpc);
    const model = await aModel(env.rpc, owner);
    const team = await aTeam(env.rpc, owner);
    const ownTeamObject = await an3dObject(owner, { teamId: team.id });
    const othersObject = await an3dObject(other);
    const othersTeam = await aTeam(env.rpc, other);
    const othersTeamObject = await an3dObject(other, { teamId: othersTeam.id });
    const image = await an3dObject(owner, {}, 'image');

    // Of the owner's team while the model is personal: another scope.
    await expect(failSetGeometry(owner, model.id, ownTeamObject.id)).resolves.toMatchObject({ statusCode: 400, message: MODEL_GEOMETRY_MESSAGES.otherScope });
    // Someone else's personal object, another team's, none at all, an image: not found to the caller.
    const notFound = { statusCode: 404, message: ASSET_ITEM_MESSAGES.notFound.object3d };
    await expect(failSetGeometry(owner, model.id, othersObject.id)).resolves.toEqual(notFound);
    await expect(failSetGeometry(owner, model.id, othersTeamObject.id)).resolves.toEqual(notFound);
    await expect(failSetGeometry(owner, model.id, anUnknownId())).resolves.toEqual(notFound);
    await expect(failSetGeometry(owner, model.id, image.id)).resolves.toEqual(notFound);
    await expect(env.rpc.call('getModel', { actor: owner.actor, body: { id: model.id } })).resolves.toMatchObject({ geometry: null, version: model.version });
  });

  it('shows the viewer a model to anyone through its ‘Everyone’ link, anonymous callers too; private: not found', async () => {
    const owner = await aUser(env.rpc);
    const stranger = await aUser(env.rpc);
    const model = await aModel(env.rpc, owner);
    const object = await an3dObject(owner);
    await setGeometry(owner, model.id, object.id);

    const notFound = { statusCode: 404, message: COMMON_MESSAGES.modelNotFound };
    await expect(env.rpc.fail('modelView', { actor: { userId: '' }, body: { id: model.id } })).resolves.toEqual(notFound);
    await expect(env.rpc.fail('modelView', { actor: stranger.actor, body: { id: model.id } })).resolves.toEqual(notFound);

    await env.rpc.call('shareWithEveryone', { actor: owner.actor, body: { id: model.id, changes: { shareAs: 'viewer' } } });
    await eventually(async () => {
      await expect(view('', model.id)).resolves.toMatchObject({ id: model.id, name: model.name, hasGeometry: true, geometry: { mediaId: object.mediaId } });
    });
    await expect(view(stranger.user.id, model.id)).resolves.toMatchObject({ hasGeometry: true });

    // Deleted: not found to everyone, the owner included.
    await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: model.id } });
    await eventually(async () => {
      await expect(env.rpc.fail('modelView', { actor: { userId: '' }, body: { id: model.id } })).resolves.toEqual(notFound);
    });
    await expect(env.rpc.fail('modelView', { actor: owner.actor, body: { id: model.id } })).resolves.toEqual(notFound);
  });

  describe('the components a model uses (ADR 0051, 0054)', () => {
    const setComponents = (who: SignedUp, id: string, componentIds: string[]) =>
      env.rpc.call('setModelComponents', { actor: who.actor, body: { id, changes: { componentIds } } });
    const failSetComponents = (who: SignedUp, id: string, componentIds: string[]) =>
      env.rpc.fail('setModelComponents', { actor: who.actor, body: { id, changes: { componentIds } } });
    const used = async (who: SignedUp, id: string) => (await env.rpc.call('componentUsage', { actor: who.actor, body: { id } })).count;
    const aComponent = (who: SignedUp, scope: { teamId?: string; projectId?: string } = {}) =>
      env.rpc.call('createComponent', { actor: who.actor, body: { name: `Hinge ${++seq}`, ...scope } });

    it('records them so the used count is true, replaces them, and a used component cannot be deleted until the model lets it go', async () => {
      const owner = await aUser(env.rpc);
      const first = await aModel(env.rpc, owner);
      const second = await aModel(env.rpc, owner);
      const [hinge, bolt] = [await aComponent(owner), await aComponent(owner)];

      await expect(setComponents(owner, first.id, [hinge.id, bolt.id, hinge.id])).resolves.toEqual({ modelId: first.id, componentIds: [hinge.id, bolt.id] });
      await setComponents(owner, second.id, [hinge.id]);
      expect([await used(owner, hinge.id), await used(owner, bolt.id)]).toEqual([2, 1]);
      await expect(env.rpc.fail('deleteComponent', { actor: owner.actor, body: { id: bolt.id } })).resolves.toMatchObject({
        statusCode: 409,
        message: componentInUse(1),
      });

      await setComponents(owner, first.id, [hinge.id]);
      expect([await used(owner, hinge.id), await used(owner, bolt.id)]).toEqual([2, 0]);
      await expect(env.rpc.call('deleteComponent', { actor: owner.actor, body: { id: bolt.id } })).resolves.toMatchObject({ id: bolt.id });
    });

    it('forgets them when the model is deleted', async () => {
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner);
      const hinge = await aComponent(owner);
      await setComponents(owner, model.id, [hinge.id]);
      expect(await used(owner, hinge.id)).toBe(1);
      await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: model.id } });
      await eventually(async () => expect(await used(owner, hinge.id)).toBe(0));
    });

    it('refuses a stranger (404), a team viewer (403), a component of another scope (400) or not theirs to see (404)', async () => {
      const owner = await aUser(env.rpc);
      const team = await aTeam(env.rpc, owner);
      const { user: viewer } = await aMember(env.rpc, team, owner, 'viewer');
      const { user: editor } = await aMember(env.rpc, team, owner, 'editor');
      const stranger = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner, { teamId: team.id });
      const teamHinge = await aComponent(owner, { teamId: team.id });
      const ownersOwn = await aComponent(owner);
      const strangers = await aComponent(stranger);

      await expect(failSetComponents(stranger, model.id, [teamHinge.id])).resolves.toEqual({ statusCode: 404, message: COMMON_MESSAGES.modelNotFound });
      await expect(failSetComponents(viewer, model.id, [teamHinge.id])).resolves.toEqual({ statusCode: 403, message: MODEL_CHANGE_REFUSED });
      await expect(failSetComponents(owner, model.id, [teamHinge.id, ownersOwn.id])).resolves.toMatchObject({
        statusCode: 400,
        message: MODEL_COMPONENT_MESSAGES.otherScope,
      });
      const notFound = { statusCode: 404, message: COMPONENT_MESSAGES.notFound };
      await expect(failSetComponents(editor, model.id, [strangers.id])).resolves.toEqual(notFound);
      await expect(failSetComponents(editor, model.id, [anUnknownId()])).resolves.toEqual(notFound);
      expect(await used(owner, teamHinge.id)).toBe(0);
      await expect(setComponents(editor, model.id, [teamHinge.id])).resolves.toEqual({ modelId: model.id, componentIds: [teamHinge.id] });
      expect(await used(owner, teamHinge.id)).toBe(1);

      // What it uses is read by whoever sees the model (the viewer included), not by a stranger.
      const usedBy = (who: SignedUp) => env.rpc.call('modelComponents', { actor: who.actor, body: { id: model.id } });
      await expect(usedBy(viewer)).resolves.toEqual({ modelId: model.id, componentIds: [teamHinge.id] });
      await expect(usedBy(owner)).resolves.toEqual({ modelId: model.id, componentIds: [teamHinge.id] });
      await expect(env.rpc.fail('modelComponents', { actor: stranger.actor, body: { id: model.id } })).resolves.toEqual({
        statusCode: 404,
        message: COMMON_MESSAGES.modelNotFound,
      });
      await setComponents(owner, model.id, []);
      await expect(usedBy(viewer)).resolves.toEqual({ modelId: model.id, componentIds: [] });
    });
  });
});
