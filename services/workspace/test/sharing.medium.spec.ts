import { Model, ModelShares } from '@kiln/contracts';
import { ModelAction, modelAllows, ModelRole } from '@kiln/domain';
import { randomUUID } from 'node:crypto';
import { aModel, aModelName, anUnknownId, aRegistration, anIp, aUser, SignedUp } from './support/builders';
import { eventually, startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * Model access through teams, shares and the 'Everyone' link, and sharing itself (spec 000 §2, §5–7,
 * ADR 0020), over NATS against the real service, Postgres and JetStream.
 */
describe('workspace service: model access and sharing', () => {
  let env: WorkspaceTestEnv;
  beforeAll(async () => {
    env = await startWorkspace();
  });
  afterAll(async () => {
    await env?.stop();
  });

  const get = (who: SignedUp, id: string) => env.rpc.call('getModel', { actor: who.actor, body: { id } });
  const share = (who: SignedUp, id: string, email: string, role: string) =>
    env.rpc.call('shareModel', { actor: who.actor, body: { id, changes: { email, role: role as 'viewer' } } });
  const shares = (who: SignedUp, id: string) => env.rpc.call('getModelShares', { actor: who.actor, body: { id } });
  const sharedWithMe = (who: SignedUp, body: Record<string, unknown> = {}) => env.rpc.call('listSharedWithMe', { actor: who.actor, body });
  const status = async (promise: Promise<unknown>) =>
    promise.then(
      () => 200,
      (error: { body?: { statusCode: number } }) => error.body?.statusCode ?? 500,
    );

  async function aTeam(owner: SignedUp, members: [SignedUp, 'editor' | 'viewer'][] = []) {
    const team = await env.rpc.call('createTeam', { actor: owner.actor, body: { name: `Team ${randomUUID().slice(0, 6)}` } });
    for (const [member, role] of members) await env.rpc.call('inviteMember', { actor: owner.actor, body: { teamId: team.id, email: member.user.email, role } });
    return team;
  }

  describe('every policy rule, per role', () => {
    // A team model written by a team editor, so the team owner's role comes from the team alone.
    let model: Model;
    const callers: Record<string, { who: SignedUp; role: ModelRole | null; via?: string }> = {};
    beforeAll(async () => {
      const [teamOwner, author, teamViewer, stranger, ...recipients] = await Promise.all(Array.from({ length: 8 }, () => aUser(env.rpc)));
      const team = await aTeam(teamOwner, [
        [author, 'editor'],
        [teamViewer, 'viewer'],
      ]);
      model = await aModel(env.rpc, author, { teamId: team.id });
      const shareRoles = ['editor', 'viewer', 'configurator', 'inspector'] as const;
      for (const [i, role] of shareRoles.entries()) await share(teamOwner, model.id, recipients[i].user.email, role);
      Object.assign(callers, {
        author: { who: author, role: 'owner', via: 'author' },
        'team owner': { who: teamOwner, role: 'owner', via: 'team' },
        'team member without share (viewer)': { who: teamViewer, role: 'viewer', via: 'team' },
        ...Object.fromEntries(shareRoles.map((role, i) => [`${role} share`, { who: recipients[i], role, via: 'share' }])),
        stranger: { who: stranger, role: null },
      });
    });

    const names = [
      'author',
      'team owner',
      'team member without share (viewer)',
      'editor share',
      'viewer share',
      'configurator share',
      'inspector share',
      'stranger',
    ];
    /** What the policy table says this caller gets: 200, 403 for a role lacking the right, 404 without a role. */
    const expected = (role: ModelRole | null, action: ModelAction) => (!role ? 404 : modelAllows(role, action) ? 200 : 403);

    it.each(names)('%s: get and accessibility answer their own role', async (name) => {
      const { who, role, via } = callers[name];
      if (!role) {
        expect(await env.rpc.fail('getModel', { actor: who.actor, body: { id: model.id } })).toEqual({ statusCode: 404, message: 'Model not found.' });
        expect(await env.rpc.fail('modelAccessibility', { actor: who.actor, body: { id: model.id } })).toEqual({
          statusCode: 404,
          message: 'Model not found.',
        });
        return;
      }
      expect(await get(who, model.id)).toMatchObject({ id: model.id, userRole: role, favorite: false });
      const access = await env.rpc.call('modelAccessibility', { actor: who.actor, body: { id: model.id } });
      expect(access).toMatchObject({ id: model.id, userRole: role, via, sharedWithEveryone: 'private' });
      expect(access.can).toEqual({
        edit: modelAllows(role, 'model.open.edit'),
        safeMode: modelAllows(role, 'model.open.safeMode'),
        configurator: modelAllows(role, 'model.open.configurator'),
        viewer: true,
        duplicate: modelAllows(role, 'model.duplicate'),
        rename: modelAllows(role, 'model.rename'),
        share: modelAllows(role, 'model.share'),
        publish: modelAllows(role, 'model.publish'),
        delete: modelAllows(role, 'model.delete'),
      });
    });

    it.each(names)('%s: rename, description, duplicate, share, share-with-everyone, favorite follow the policy', async (name) => {
      const { who, role } = callers[name];
      const body = { actor: who.actor };
      expect(await status(env.rpc.call('updateModel', { ...body, body: { id: model.id, changes: { name: aModelName('Renamed') } } }))).toBe(
        expected(role, 'model.rename'),
      );
      expect(await status(env.rpc.call('updateModel', { ...body, body: { id: model.id, changes: { description: name } } }))).toBe(
        expected(role, 'model.rename'),
      );
      expect(await status(env.rpc.call('duplicateModel', { ...body, body: { id: model.id, changes: {} } }))).toBe(expected(role, 'model.duplicate'));
      expect(await status(shares(who, model.id))).toBe(expected(role, 'model.share'));
      // Sharing the same e-mail again only sets the same role: harmless to repeat.
      expect(await status(share(who, model.id, callers['viewer share'].who.user.email, 'viewer'))).toBe(expected(role, 'model.share'));
      expect(await status(env.rpc.call('shareWithEveryone', { ...body, body: { id: model.id, changes: { shareAs: 'private' } } }))).toBe(
        expected(role, 'model.share'),
      );
      expect(await status(env.rpc.call('toggleFavorite', { ...body, body: { modelId: model.id } }))).toBe(expected(role, 'model.favorite'));
    });

    it('refuses deletion to everyone but owners (403 with a role, 404 without), then the team owner deletes', async () => {
      for (const name of names.filter((n) => callers[n].role !== 'owner')) {
        expect(await status(env.rpc.call('deleteModel', { actor: callers[name].who.actor, body: { id: model.id } }))).toBe(
          expected(callers[name].role, 'model.delete'),
        );
      }
      await expect(env.rpc.call('deleteModel', { actor: callers['team owner'].who.actor, body: { id: model.id } })).resolves.toMatchObject({ id: model.id });
      expect(await status(get(callers.author.who, model.id))).toBe(404);
    });
  });

  describe('team-scope lists', () => {
    it('shows every member the team’s models, whoever wrote them, each with the member’s role', async () => {
      const [owner, editor, viewer, stranger] = await Promise.all([aUser(env.rpc), aUser(env.rpc), aUser(env.rpc), aUser(env.rpc)]);
      const team = await aTeam(owner, [
        [editor, 'editor'],
        [viewer, 'viewer'],
      ]);
      const byOwner = await aModel(env.rpc, owner, { teamId: team.id, name: 'Alpha part' });
      const byEditor = await aModel(env.rpc, editor, { teamId: team.id, name: 'Beta part' });
      await aModel(env.rpc, editor, { name: 'Personal part' });
      const where = (w: object) => ({ where: JSON.stringify(w), sort: 'name ASC' });

      const seen = await env.rpc.call('listModels', { actor: viewer.actor, body: where({ teamId: team.id }) });
      expect(seen.total).toBe(2);
      expect(seen.data.map((m) => [m.id, m.userRole, m.favorite])).toEqual([
        [byOwner.id, 'viewer', false],
        [byEditor.id, 'viewer', false],
      ]);
      const asEditor = await env.rpc.call('listModels', { actor: editor.actor, body: where({ teamId: team.id }) });
      expect(asEditor.data.map((m) => m.userRole)).toEqual(['editor', 'owner']);
      // The personal scope stays the caller's own personal models.
      expect((await env.rpc.call('listModels', { actor: editor.actor, body: {} })).data.map((m) => m.name)).toEqual(['Personal part']);

      expect(await env.rpc.fail('listModels', { actor: stranger.actor, body: where({ teamId: team.id }) })).toEqual({
        statusCode: 403,
        message: 'You don’t have access to this team!',
      });
      expect(await env.rpc.fail('listModels', { actor: stranger.actor, body: where({ teamId: anUnknownId() }) })).toMatchObject({ statusCode: 403 });
    });

    it('filters by project, and a project alone finds its team', async () => {
      const owner = await aUser(env.rpc);
      const team = await aTeam(owner);
      const project = await env.rpc.call('createProject', { actor: owner.actor, body: { teamId: team.id, name: 'Project one' } });
      const inProject = await aModel(env.rpc, owner, { teamId: team.id, projectId: project.id });
      await aModel(env.rpc, owner, { teamId: team.id });

      for (const w of [{ teamId: team.id, projectId: project.id }, { projectId: project.id }]) {
        const list = await env.rpc.call('listModels', { actor: owner.actor, body: { where: JSON.stringify(w) } });
        expect(list).toMatchObject({ total: 1, data: [{ id: inProject.id }] });
      }
    });
  });

  describe('share by e-mail', () => {
    it('trims and lower-cases the e-mail, lists the owner row first, and changes the role when shared again', async () => {
      const [owner, friend] = await Promise.all([aUser(env.rpc), aUser(env.rpc)]);
      const model = await aModel(env.rpc, owner);

      const first = await share(owner, model.id, `  ${friend.user.email.toUpperCase()} `, 'viewer');
      expect(ModelShares.parse(first)).toEqual(first);
      expect(first).toMatchObject({
        modelId: model.id,
        owner: owner.user,
        sharedWithEveryone: 'private',
        data: [
          { modelId: model.id, modelName: model.name, email: friend.user.email, role: 'viewer', status: 'active', user: friend.user, sharedBy: owner.user },
        ],
      });

      const again = await share(owner, model.id, friend.user.email, 'editor');
      expect(again.data).toHaveLength(1);
      expect(again.data[0]).toMatchObject({ id: first.data[0].id, role: 'editor' });
      await expect(shares(owner, model.id)).resolves.toEqual(again);
      expect(await get(friend, model.id)).toMatchObject({ userRole: 'editor' });
    });

    it.each(['', 'nobody', 'a@b', 'two words@example.com'])('refuses %j with 400 Invalid email', async (email) => {
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner);
      expect(await env.rpc.fail('shareModel', { actor: owner.actor, body: { id: model.id, changes: { email, role: 'viewer' } } })).toEqual({
        statusCode: 400,
        message: 'Invalid email',
        errors: [{ path: 'email', message: 'Invalid email' }],
      });
    });

    it('refuses sharing with yourself, the commenter and owner roles, and models that do not exist', async () => {
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner);
      expect(
        await env.rpc.fail('shareModel', { actor: owner.actor, body: { id: model.id, changes: { email: owner.user.email, role: 'viewer' } } }),
      ).toMatchObject({
        statusCode: 400,
        message: 'You cannot share a model with yourself.',
      });
      for (const role of ['commenter', 'owner']) {
        expect((await env.rpc.fail('shareModel', { actor: owner.actor, body: { id: model.id, changes: { email: 'x@example.com', role } } })).statusCode).toBe(
          400,
        );
      }
      expect(
        await env.rpc.fail('shareModel', { actor: owner.actor, body: { id: anUnknownId(), changes: { email: 'x@example.com', role: 'viewer' } } }),
      ).toEqual({ statusCode: 404, message: 'Model not found.' });
      expect((await shares(owner, model.id)).data).toEqual([]);
    });

    it('keeps a share for an e-mail without an account pending, and activates it when that person signs up', async () => {
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner);
      const email = `later-${randomUUID().slice(0, 8)}@example.com`;

      const pending = await share(owner, model.id, email, 'configurator');
      expect(pending.data).toMatchObject([{ email, status: 'pending', user: null, role: 'configurator' }]);

      const answer = await env.rpc.call('register', { body: aRegistration({ email }), ip: anIp() });
      const newcomer = { ...answer, actor: { userId: answer.user.id }, password: '' };
      await eventually(async () => expect((await shares(owner, model.id)).data).toMatchObject([{ email, status: 'active', user: { id: newcomer.user.id } }]));
      expect(await get(newcomer, model.id)).toMatchObject({ userRole: 'configurator' });
      expect((await sharedWithMe(newcomer)).data).toMatchObject([{ modelId: model.id, role: 'configurator', status: 'active' }]);
      const activated = await env.db
        .withSchema('workspace')
        .selectFrom('outbox')
        .select('payload')
        .where('type', '=', 'workspace.model-share.activated.v1')
        .execute();
      expect(activated.map((r) => (r.payload as { data: { share: { userId: string } } }).data.share.userId)).toContain(newcomer.user.id);
    });
  });

  describe('shared with me', () => {
    it('lists my active shares with the model as I see it and who shared it; search, sort, paging', async () => {
      const [owner, me] = await Promise.all([aUser(env.rpc, { fullName: 'Grace Hopper' }), aUser(env.rpc)]);
      const gear = await aModel(env.rpc, owner, { name: 'Gear wheel' });
      const axle = await aModel(env.rpc, owner, { name: 'Axle' });
      await aModel(env.rpc, owner, { name: 'Not shared' });
      await share(owner, gear.id, me.user.email, 'inspector');
      await share(owner, axle.id, me.user.email, 'editor');

      const all = await sharedWithMe(me);
      expect(all.total).toBe(2);
      // Newest share first by default.
      expect(all.data.map((s) => [s.modelName, s.role, s.model?.userRole, s.sharedBy.fullName])).toEqual([
        ['Axle', 'editor', 'editor', 'Grace Hopper'],
        ['Gear wheel', 'inspector', 'inspector', 'Grace Hopper'],
      ]);
      expect((await sharedWithMe(me, { sort: 'name ASC' })).data.map((s) => s.modelName)).toEqual(['Axle', 'Gear wheel']);
      expect(await sharedWithMe(me, { where: JSON.stringify({ name: { contains: ' gear ' } }) })).toMatchObject({ total: 1, data: [{ modelId: gear.id }] });
      expect(await sharedWithMe(me, { sort: 'name DESC', skip: 1, limit: 1 })).toMatchObject({ total: 2, data: [{ modelId: axle.id }] });
      expect(await sharedWithMe(owner)).toEqual({ data: [], total: 0 });

      const users = await env.rpc.call('listShareUsers', { actor: owner.actor, body: {} });
      expect(users).toEqual({ data: [me.user], total: 1 });
    });
  });

  describe('changing and ending a share', () => {
    async function aSharedModel() {
      const [owner, recipient, other, stranger] = await Promise.all([aUser(env.rpc), aUser(env.rpc), aUser(env.rpc), aUser(env.rpc)]);
      const model = await aModel(env.rpc, owner);
      const { data } = await share(owner, model.id, recipient.user.email, 'viewer');
      await share(owner, model.id, other.user.email, 'editor');
      return { owner, recipient, other, stranger, model, shareId: data[0].id };
    }

    it('lets the owner change the role; the recipient may not (not even lower it), a stranger is told it does not exist', async () => {
      const { owner, recipient, stranger, model, shareId } = await aSharedModel();
      const changed = await env.rpc.call('changeShareRole', { actor: owner.actor, body: { id: shareId, changes: { role: 'editor' } } });
      expect(changed).toMatchObject({ id: shareId, role: 'editor', modelId: model.id, user: recipient.user });
      expect(await get(recipient, model.id)).toMatchObject({ userRole: 'editor' });

      expect(await env.rpc.fail('changeShareRole', { actor: recipient.actor, body: { id: shareId, changes: { role: 'viewer' } } })).toEqual({
        statusCode: 403,
        message: 'Only the model’s owner may change this role.',
      });
      expect(await env.rpc.fail('changeShareRole', { actor: stranger.actor, body: { id: shareId, changes: { role: 'viewer' } } })).toEqual({
        statusCode: 404,
        message: 'Shared model not found.',
      });
      expect((await env.rpc.fail('changeShareRole', { actor: owner.actor, body: { id: anUnknownId(), changes: { role: 'viewer' } } })).statusCode).toBe(404);
      expect((await env.rpc.fail('changeShareRole', { actor: owner.actor, body: { id: shareId, changes: { role: 'commenter' } } })).statusCode).toBe(400);
    });

    it('lets the recipient leave; another recipient gets 403 and a stranger 404', async () => {
      const { recipient, other, stranger, model, shareId } = await aSharedModel();
      expect(await env.rpc.fail('removeShare', { actor: other.actor, body: { id: shareId } })).toEqual({
        statusCode: 403,
        message: 'Only the model’s owner may remove this person.',
      });
      expect((await env.rpc.fail('removeShare', { actor: stranger.actor, body: { id: shareId } })).statusCode).toBe(404);

      const left = await env.rpc.call('removeShare', { actor: recipient.actor, body: { id: shareId } });
      expect(left).toMatchObject({ id: shareId, email: recipient.user.email, role: 'viewer' });
      expect(await status(get(recipient, model.id))).toBe(404);
      expect(await sharedWithMe(recipient)).toEqual({ data: [], total: 0 });
      expect((await env.rpc.fail('removeShare', { actor: recipient.actor, body: { id: shareId } })).statusCode).toBe(404);
    });

    it('lets the owner remove someone, recording who removed them', async () => {
      const { owner, other, model } = await aSharedModel();
      const otherShare = (await shares(owner, model.id)).data.find((s) => s.user?.id === other.user.id)!;
      await env.rpc.call('removeShare', { actor: owner.actor, body: { id: otherShare.id } });
      expect((await shares(owner, model.id)).data.map((s) => s.id)).not.toContain(otherShare.id);
      const removed = await env.db
        .withSchema('workspace')
        .selectFrom('outbox')
        .select('payload')
        .where('type', '=', 'workspace.model-share.removed.v1')
        .execute();
      const mine = removed.map((r) => r.payload as { aggregateId: string; data: { removedBy: string | null } }).find((p) => p.aggregateId === otherShare.id);
      expect(mine?.data.removedBy).toBe(owner.user.id);
    });
  });

  describe('the Everyone link', () => {
    it('gives a stranger the link’s role (via everyone), and "private" takes it back', async () => {
      const [owner, stranger] = await Promise.all([aUser(env.rpc), aUser(env.rpc)]);
      const model = await aModel(env.rpc, owner);

      const linked = await env.rpc.call('shareWithEveryone', { actor: owner.actor, body: { id: model.id, changes: { shareAs: 'viewer' } } });
      expect(linked).toMatchObject({ sharedWithEveryone: 'viewer', userRole: 'owner', version: model.version + 1 });
      expect(await env.rpc.call('modelAccessibility', { actor: stranger.actor, body: { id: model.id } })).toMatchObject({
        userRole: 'viewer',
        via: 'everyone',
        can: { rename: false, duplicate: false, viewer: true },
      });
      expect(await get(stranger, model.id)).toMatchObject({ userRole: 'viewer', sharedWithEveryone: 'viewer' });
      // The link is not a share: the model is not in the stranger's lists.
      expect(await sharedWithMe(stranger)).toEqual({ data: [], total: 0 });

      await env.rpc.call('shareWithEveryone', { actor: owner.actor, body: { id: model.id, changes: { shareAs: 'private' } } });
      expect(await status(env.rpc.call('modelAccessibility', { actor: stranger.actor, body: { id: model.id } }))).toBe(404);
      const types = await env.db
        .withSchema('workspace')
        .selectFrom('outbox')
        .select('type')
        .where('payload', '@>', JSON.stringify({ aggregateId: model.id }) as never)
        .execute();
      expect(types.filter((t) => t.type === 'workspace.model.shared-with-everyone-changed.v1')).toHaveLength(2);
    });
  });

  describe('duplicate', () => {
    it('copies into the caller’s personal scope as "(Duplicate) " + name, recording duplicatedFrom', async () => {
      const [owner, editor] = await Promise.all([aUser(env.rpc), aUser(env.rpc)]);
      const model = await aModel(env.rpc, owner, { name: 'Gear box' });
      await env.rpc.call('updateModel', { actor: owner.actor, body: { id: model.id, changes: { description: 'With teeth' } } });
      await share(owner, model.id, editor.user.email, 'editor');

      const copy = await env.rpc.call('duplicateModel', { actor: editor.actor, body: { id: model.id, changes: {} } });
      expect(copy).toMatchObject({
        name: '(Duplicate) Gear box',
        description: 'With teeth',
        authorId: editor.user.id,
        userRole: 'owner',
        teamId: null,
        sharedWithEveryone: 'private',
        version: 1,
      });
      expect(copy.id).not.toBe(model.id);
      expect((await env.rpc.call('listModels', { actor: editor.actor, body: {} })).data.map((m) => m.id)).toEqual([copy.id]);
      const created = await env.db
        .withSchema('workspace')
        .selectFrom('outbox')
        .select('payload')
        .where('type', '=', 'workspace.model.created.v1')
        .where('payload', '@>', JSON.stringify({ aggregateId: copy.id }) as never)
        .executeTakeFirstOrThrow();
      expect((created.payload as { data: { duplicatedFrom?: string } }).data.duplicatedFrom).toBe(model.id);

      const named = await env.rpc.call('duplicateModel', { actor: owner.actor, body: { id: model.id, changes: { name: 'My own copy' } } });
      expect(named.name).toBe('My own copy');
      expect(await env.rpc.fail('duplicateModel', { actor: owner.actor, body: { id: model.id, changes: { name: 'ab' } } })).toMatchObject({
        statusCode: 400,
        message: 'The name must be longer than 3 characters.',
      });
    });
  });

  describe('model deletion', () => {
    it('ends the model’s shares (removedBy null) and favorites', async () => {
      const [owner, friend] = await Promise.all([aUser(env.rpc), aUser(env.rpc)]);
      const model = await aModel(env.rpc, owner);
      await share(owner, model.id, friend.user.email, 'viewer');
      await share(owner, model.id, `pending-${randomUUID().slice(0, 8)}@example.com`, 'editor');
      await env.rpc.call('toggleFavorite', { actor: friend.actor, body: { modelId: model.id } });
      await env.rpc.call('toggleFavorite', { actor: owner.actor, body: { modelId: model.id } });

      await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: model.id } });

      const q = env.db.withSchema('workspace');
      await eventually(async () => {
        expect(await q.selectFrom('model_shares').select('id').where('model_id', '=', model.id).execute()).toEqual([]);
        expect(await q.selectFrom('favorites').select('id').where('model_id', '=', model.id).execute()).toEqual([]);
        expect(await q.selectFrom('model_share_view').select('id').where('model_id', '=', model.id).where('deleted_at', 'is', null).execute()).toEqual([]);
        expect(await q.selectFrom('favorite_view').select('id').where('model_id', '=', model.id).where('deleted_at', 'is', null).execute()).toEqual([]);
      });
      const ended = await q
        .selectFrom('outbox')
        .select(['type', 'payload'])
        .where('type', 'in', ['workspace.model-share.removed.v1', 'workspace.favorite.removed.v1'])
        .execute();
      const ofModel = ended.filter((r) => JSON.stringify(r.payload).includes(model.id));
      expect(ofModel.map((r) => r.type).sort()).toEqual([
        'workspace.favorite.removed.v1',
        'workspace.favorite.removed.v1',
        'workspace.model-share.removed.v1',
        'workspace.model-share.removed.v1',
      ]);
      expect(
        ofModel.filter((r) => r.type === 'workspace.model-share.removed.v1').map((r) => (r.payload as { data: { removedBy: unknown } }).data.removedBy),
      ).toEqual([null, null]);
      expect(await sharedWithMe(friend)).toEqual({ data: [], total: 0 });
      expect(await env.rpc.call('listFavorites', { actor: friend.actor, body: {} })).toEqual({ data: [], total: 0 });
    });
  });

  describe('model_share_view', () => {
    const liveShares = () => env.db.withSchema('workspace').selectFrom('model_share_view').selectAll().where('deleted_at', 'is', null).orderBy('id').execute();

    it('rebuilt from model_shares equals the live view', async () => {
      const { rebuildProjection } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
      const { ProjectModelSharesOnShareEvents } = require('../src/sharing/projections/project-model-shares-on-share-events');
      const [owner, a, b] = await Promise.all([aUser(env.rpc), aUser(env.rpc), aUser(env.rpc)]);
      const model = await aModel(env.rpc, owner);
      await share(owner, model.id, a.user.email, 'viewer');
      const { data } = await share(owner, model.id, b.user.email, 'editor');
      await env.rpc.call('changeShareRole', { actor: owner.actor, body: { id: data[0].id, changes: { role: 'inspector' } } });
      await share(owner, model.id, `p-${randomUUID().slice(0, 8)}@example.com`, 'viewer');
      await env.rpc.call('removeShare', { actor: owner.actor, body: { id: data[1].id } });

      const before = await liveShares();
      await rebuildProjection(env.db, 'workspace', ProjectModelSharesOnShareEvents);
      expect(await liveShares()).toEqual(before);
    });

    it('keeps a removed share removed, and a newer role, when older events arrive late', async () => {
      const { ProjectModelSharesOnShareEvents } = require('../src/sharing/projections/project-model-shares-on-share-events');
      const [owner, a] = await Promise.all([aUser(env.rpc), aUser(env.rpc)]);
      const model = await aModel(env.rpc, owner);
      const { data } = await share(owner, model.id, a.user.email, 'viewer');
      const id = data[0].id;
      await env.rpc.call('changeShareRole', { actor: owner.actor, body: { id, changes: { role: 'editor' } } });
      const outbox = async (type: string) =>
        (
          await env.db
            .withSchema('workspace')
            .selectFrom('outbox')
            .select('payload')
            .where('type', '=', type)
            .where('payload', '@>', JSON.stringify({ aggregateId: id }) as never)
            .executeTakeFirstOrThrow()
        ).payload as Record<string, unknown>;
      const applyLate = (event: Record<string, unknown>) =>
        env.db.transaction().execute((trx) => ProjectModelSharesOnShareEvents.apply(trx, { ...event, eventId: randomUUID() }));

      await applyLate(await outbox('workspace.model-share.created.v1'));
      expect((await shares(owner, model.id)).data).toMatchObject([{ id, role: 'editor' }]);

      await env.rpc.call('removeShare', { actor: owner.actor, body: { id } });
      await applyLate(await outbox('workspace.model-share.created.v1'));
      await applyLate(await outbox('workspace.model-share.role-changed.v1'));
      expect((await shares(owner, model.id)).data).toEqual([]);
      expect(await status(get(a, model.id))).toBe(404);
    });
  });
});
