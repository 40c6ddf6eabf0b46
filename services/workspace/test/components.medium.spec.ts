import { Component, COMPONENT_PAGE_SIZE, componentInUse } from '@kiln/contracts';
import { anUnknownId, aUser, SignedUp } from './support/builders';
import { aMember, aTeam, aTeamName } from './support/team-builders';
import { startWorkspace, WorkspaceTestEnv } from './support/test-env';

const REQUIRED = 'This field is required';

/** Components (spec 001 §3, §7, §8; ADR 0051), through the service over NATS with real Postgres and JetStream. */
describe('workspace service: components (over NATS)', () => {
  let env: WorkspaceTestEnv;
  let usages: import('../src/components/ports/component.repository.port').ComponentUsages;
  let rebuildProjection: typeof import('@kiln/service-kit').rebuildProjection;
  let projection: import('@kiln/service-kit').Projection;
  beforeAll(async () => {
    env = await startWorkspace();
    // Loaded after startWorkspace() set the namespace (see test-env.ts).
    const port = require('../src/components/ports/component.repository.port') as typeof import('../src/components/ports/component.repository.port');
    usages = env.app.get(port.COMPONENT_USAGES, { strict: false });
    ({ rebuildProjection } = require('@kiln/service-kit'));
    ({ ProjectComponentsOnComponentEvents: projection } = require('../src/components/projections/project-components-on-component-events'));
  });
  afterAll(async () => {
    await env?.stop();
  });

  const create = (who: SignedUp, body: { name: string; teamId?: string; projectId?: string }) => env.rpc.call('createComponent', { actor: who.actor, body });
  const list = (who: SignedUp, body: Record<string, unknown> = {}) => env.rpc.call('listComponents', { actor: who.actor, body });
  const names = async (who: SignedUp, body: Record<string, unknown> = {}) => (await list(who, body)).data.map((c) => c.name);
  const rename = (who: SignedUp, id: string, name: string) => env.rpc.call('updateComponent', { actor: who.actor, body: { id, changes: { name } } });
  const status = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 200;
    } catch (error) {
      return (error as { body: { statusCode: number } }).body.statusCode;
    }
  };

  describe('create', () => {
    it('answers the new personal component with the fields of the spec, its author populated', async () => {
      const owner = await aUser(env.rpc, { fullName: 'Grace Hopper' });
      const component = await create(owner, { name: '  Hinge  ' });
      expect(Component.parse(component)).toEqual(component);
      expect(component).toMatchObject({
        name: 'Hinge',
        description: '',
        teamId: null,
        projectId: null,
        authorId: owner.user.id,
        author: owner.user,
        contributor: owner.user,
        userRole: null,
      });
      await expect(list(owner)).resolves.toMatchObject({ total: 1, data: [{ id: component.id, name: 'Hinge' }] });
    });

    it('refuses an empty name with the spec sentence', async () => {
      const owner = await aUser(env.rpc);
      await expect(env.rpc.fail('createComponent', { actor: owner.actor, body: { name: '   ' } })).resolves.toEqual({
        statusCode: 400,
        message: REQUIRED,
        errors: [{ path: 'name', message: REQUIRED }],
      });
    });

    it('creates in team and project scope, each listed in its own scope only', async () => {
      const owner = await aUser(env.rpc);
      const team = await aTeam(env.rpc, owner);
      const project = await env.rpc.call('createProject', { actor: owner.actor, body: { teamId: team.id, name: aTeamName('Project') } });
      const inTeam = await create(owner, { name: 'Team bolt', teamId: team.id });
      const inProject = await create(owner, { name: 'Project nut', teamId: team.id, projectId: project.id });
      await create(owner, { name: 'Mine' });
      expect(inTeam).toMatchObject({ teamId: team.id, projectId: null, userRole: 'owner' });
      expect(inProject).toMatchObject({ teamId: team.id, projectId: project.id });
      await expect(names(owner)).resolves.toEqual(['Mine']);
      await expect(names(owner, { where: JSON.stringify({ teamId: team.id }) })).resolves.toEqual(['Team bolt']);
      await expect(names(owner, { where: JSON.stringify({ projectId: project.id }) })).resolves.toEqual(['Project nut']);
      // A project of another team is refused.
      const other = await aTeam(env.rpc, owner);
      expect(await status(create(owner, { name: 'Wrong', teamId: other.id, projectId: project.id }))).toBe(403);
    });
  });

  describe('list', () => {
    it('pages 20 at a time, sorts and searches', async () => {
      const owner = await aUser(env.rpc);
      for (let i = 0; i < 25; i++) await create(owner, { name: `Part ${String(i).padStart(2, '0')}` });
      const first = await list(owner, { sort: 'name ASC' });
      expect(first.total).toBe(25);
      expect(first.data).toHaveLength(COMPONENT_PAGE_SIZE);
      expect(first.data[0].name).toBe('Part 00');
      const second = await list(owner, { sort: 'name ASC', skip: COMPONENT_PAGE_SIZE });
      expect(second.data.map((c) => c.name)).toEqual(['Part 20', 'Part 21', 'Part 22', 'Part 23', 'Part 24']);
      await expect(names(owner, { sort: 'name DESC', limit: 2 })).resolves.toEqual(['Part 24', 'Part 23']);
      await expect(names(owner, { where: JSON.stringify({ name: { contains: 'rt 1' } }), sort: 'name ASC', limit: 3 })).resolves.toEqual([
        'Part 10',
        'Part 11',
        'Part 12',
      ]);
      // Newest change first by default.
      await expect(names(owner, { limit: 1 })).resolves.toEqual(['Part 24']);
      const populated = await list(owner, { populate: '["author"]', limit: 1 });
      expect(populated.data[0].author?.id).toBe(owner.user.id);
      expect(populated.data[0]).not.toHaveProperty('contributor');
    });
  });

  describe('rename', () => {
    it('renames, keeps the name trimmed, and refuses an empty name with "This field is required"', async () => {
      const owner = await aUser(env.rpc);
      const component = await create(owner, { name: 'Old' });
      const renamed = await rename(owner, component.id, ' New ');
      expect(renamed).toMatchObject({ id: component.id, name: 'New', version: component.version + 1 });
      await expect(env.rpc.fail('updateComponent', { actor: owner.actor, body: { id: component.id, changes: { name: '' } } })).resolves.toEqual({
        statusCode: 400,
        message: REQUIRED,
        errors: [{ path: 'name', message: REQUIRED }],
      });
      const described = await env.rpc.call('updateComponent', { actor: owner.actor, body: { id: component.id, changes: { description: 'A hinge' } } });
      expect(described.description).toBe('A hinge');
      await expect(names(owner)).resolves.toEqual(['New']);
    });
  });

  describe('delete and the used count', () => {
    it('deletes an unused component; a used one is refused with the spec sentence and the count', async () => {
      const owner = await aUser(env.rpc);
      const unused = await create(owner, { name: 'Unused' });
      const used = await create(owner, { name: 'Used' });
      await expect(env.rpc.call('componentUsage', { actor: owner.actor, body: { id: used.id } })).resolves.toEqual({ count: 0 });

      // The model side records usages through this port (issue 18, "a model can use components").
      await usages.setUsedBy(anUnknownId(), [used.id], new Date());
      await usages.setUsedBy(anUnknownId(), [used.id, unused.id], new Date());
      await expect(env.rpc.call('componentUsage', { actor: owner.actor, body: { id: used.id } })).resolves.toEqual({ count: 2 });
      const refused = await env.rpc.fail('deleteComponent', { actor: owner.actor, body: { id: used.id } });
      expect(refused).toMatchObject({ statusCode: 409, message: componentInUse(2) });
      expect(componentInUse(2)).toBe('This component is used in the 2 model.');

      const modelId = anUnknownId();
      await usages.setUsedBy(modelId, [unused.id], new Date());
      await usages.setUsedBy(modelId, [], new Date());
      const onlyUsage = await env.rpc.call('componentUsage', { actor: owner.actor, body: { id: unused.id } });
      expect(onlyUsage.count).toBe(1);
      await expect(env.rpc.fail('deleteComponent', { actor: owner.actor, body: { id: unused.id } })).resolves.toMatchObject({
        statusCode: 409,
        message: 'This component is used in the 1 model.',
      });

      const free = await create(owner, { name: 'Free' });
      const gone = await env.rpc.call('deleteComponent', { actor: owner.actor, body: { id: free.id } });
      expect(gone).toMatchObject({ id: free.id, name: 'Free' });
      await expect(names(owner, { sort: 'name ASC' })).resolves.toEqual(['Unused', 'Used']);
      expect(await status(env.rpc.call('deleteComponent', { actor: owner.actor, body: { id: free.id } }))).toBe(404);
      expect(await status(env.rpc.call('componentUsage', { actor: owner.actor, body: { id: free.id } }))).toBe(404);
    });
  });

  describe('who may do what', () => {
    it('team owner and editor create, rename and delete; a viewer reads only (403); a stranger gets 404 or 403', async () => {
      const owner = await aUser(env.rpc);
      const team = await aTeam(env.rpc, owner);
      const { user: editor } = await aMember(env.rpc, team, owner, 'editor');
      const { user: viewer } = await aMember(env.rpc, team, owner, 'viewer');
      const stranger = await aUser(env.rpc);

      const byOwner = await create(owner, { name: 'By owner', teamId: team.id });
      const byEditor = await create(editor, { name: 'By editor', teamId: team.id });
      expect(byEditor.userRole).toBe('editor');
      expect(await status(create(viewer, { name: 'By viewer', teamId: team.id }))).toBe(403);
      expect(await status(create(stranger, { name: 'By stranger', teamId: team.id }))).toBe(403);

      const inTeam = { where: JSON.stringify({ teamId: team.id }), sort: 'name ASC' };
      await expect(names(viewer, inTeam)).resolves.toEqual(['By editor', 'By owner']);
      expect((await list(viewer, inTeam)).data[0].userRole).toBe('viewer');
      expect(await status(list(stranger, inTeam))).toBe(403);

      await expect(rename(editor, byOwner.id, 'Renamed by editor')).resolves.toMatchObject({ contributorId: editor.user.id });
      expect(await status(rename(viewer, byOwner.id, 'Nope'))).toBe(403);
      expect(await status(rename(stranger, byOwner.id, 'Nope'))).toBe(404);
      await expect(env.rpc.call('componentUsage', { actor: viewer.actor, body: { id: byOwner.id } })).resolves.toEqual({ count: 0 });
      expect(await status(env.rpc.call('componentUsage', { actor: stranger.actor, body: { id: byOwner.id } }))).toBe(404);
      expect(await status(env.rpc.call('deleteComponent', { actor: viewer.actor, body: { id: byEditor.id } }))).toBe(403);
      expect(await status(env.rpc.call('deleteComponent', { actor: stranger.actor, body: { id: byEditor.id } }))).toBe(404);
      await env.rpc.call('deleteComponent', { actor: editor.actor, body: { id: byOwner.id } });
      await env.rpc.call('deleteComponent', { actor: owner.actor, body: { id: byEditor.id } });
      await expect(names(owner, inTeam)).resolves.toEqual([]);

      // A personal component is its author's alone: anyone else is told it does not exist.
      const mine = await create(owner, { name: 'Personal' });
      expect(await status(rename(editor, mine.id, 'Nope'))).toBe(404);
      expect(await status(env.rpc.call('deleteComponent', { actor: editor.actor, body: { id: mine.id } }))).toBe(404);
      await expect(names(editor)).resolves.toEqual([]);
    });
  });

  describe('events and the read model', () => {
    it('publishes created, renamed, description-changed and deleted events, and the read model equals a rebuild', async () => {
      const owner = await aUser(env.rpc);
      const team = await aTeam(env.rpc, owner);
      const a = await create(owner, { name: 'Alpha' });
      const b = await create(owner, { name: 'Beta', teamId: team.id });
      const c = await create(owner, { name: 'Gamma' });
      await rename(owner, a.id, 'Alpha 2');
      await env.rpc.call('updateComponent', { actor: owner.actor, body: { id: b.id, changes: { description: 'team part' } } });
      await env.rpc.call('deleteComponent', { actor: owner.actor, body: { id: c.id } });

      const ws = () => env.db.withSchema('workspace');
      const ids = [a.id, b.id, c.id];
      const deadline = Date.now() + 10_000;
      let rows: { type: string; published: boolean }[] = [];
      while (Date.now() < deadline) {
        const outbox = await ws().selectFrom('outbox').select(['payload', 'published_at']).orderBy('position').execute();
        rows = outbox
          .map((r) => ({
            payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { type: string; aggregateId: string },
            published: !!r.published_at,
          }))
          .filter((r) => ids.includes(r.payload.aggregateId))
          .map((r) => ({ type: r.payload.type, published: r.published }));
        if (rows.length === 6 && rows.every((r) => r.published)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(rows.map((r) => r.type)).toEqual([
        'workspace.component.created.v1',
        'workspace.component.created.v1',
        'workspace.component.created.v1',
        'workspace.component.renamed.v1',
        'workspace.component.description-changed.v1',
        'workspace.component.deleted.v1',
      ]);
      expect(rows.every((r) => r.published)).toBe(true);

      const view = () => ws().selectFrom('component_view').selectAll().where('id', 'in', ids).orderBy('id').execute();
      const before = await view();
      expect(before.find((r) => r.id === c.id)?.deleted_at).not.toBeNull();
      const personal = await list(owner, { sort: 'name ASC' });
      const ofTeam = await list(owner, { where: JSON.stringify({ teamId: team.id }) });

      await ws().deleteFrom('component_view').execute();
      await rebuildProjection(env.db, 'workspace', projection);

      const after = await view();
      const live = (rs: typeof before) => rs.filter((r) => r.deleted_at === null);
      expect(live(after)).toEqual(live(before));
      await expect(list(owner, { sort: 'name ASC' })).resolves.toEqual(personal);
      await expect(list(owner, { where: JSON.stringify({ teamId: team.id }) })).resolves.toEqual(ofTeam);
    });
  });
});
