import { Model } from '@kiln/contracts';
import { aModel, aModelName, anUnknownId, aUser, SignedUp } from './support/builders';
import { startWorkspace, WorkspaceTestEnv } from './support/test-env';

const TOO_SHORT = 'The name must be longer than 3 characters.';
const SYMBOLS = 'Only the following symbols are allowed: -, _, /, (, ).';

describe('workspace service: models (over NATS)', () => {
  let env: WorkspaceTestEnv;
  beforeAll(async () => {
    env = await startWorkspace();
  });
  afterAll(async () => {
    await env?.stop();
  });

  const list = (owner: SignedUp, query: Record<string, unknown> = {}) => env.rpc.call('listModels', { actor: owner.actor, body: query });
  const names = async (owner: SignedUp, query: Record<string, unknown> = {}) => (await list(owner, query)).data.map((m) => m.name);
  const search = (owner: SignedUp, contains: string) => names(owner, { where: JSON.stringify({ name: { contains } }), sort: 'name ASC' });
  const rename = (owner: SignedUp, id: string, name: string) => env.rpc.call('updateModel', { actor: owner.actor, body: { id, changes: { name } } });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  describe('create', () => {
    it('answers the new model with the fields of the Model contract', async () => {
      const owner = await aUser(env.rpc, { fullName: 'Ada Lovelace' });
      const before = Date.now();

      const model = await env.rpc.call('createModel', { actor: owner.actor, body: { name: '  Gear box (v2)  ' } });

      expect(Model.parse(model)).toEqual(model);
      expect(model).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'Gear box (v2)',
        description: '',
        authorId: owner.user.id,
        author: owner.user,
        contributorId: owner.user.id,
        contributor: owner.user,
        teamId: null,
        projectId: null,
        productId: null,
        publishedAt: null,
        userRole: 'owner',
        sharedWithEveryone: 'private',
        hidden: false,
      });
      expect(model.createdAt).toBe(model.updatedAt);
      expect(Date.parse(model.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    });

    it('is at once in get and list', async () => {
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner);
      await expect(env.rpc.call('getModel', { actor: owner.actor, body: { id: model.id } })).resolves.toEqual(model);
      await expect(list(owner)).resolves.toMatchObject({ total: 1, data: [{ id: model.id, name: model.name }] });
    });

    it.each([
      ['ab', TOO_SHORT],
      ['   ab   ', TOO_SHORT],
      ['gear.stl', SYMBOLS],
      ['gear box!', SYMBOLS],
    ])('refuses the name %j with 400 and the spec message', async (name, message) => {
      const owner = await aUser(env.rpc);
      const error = await env.rpc.fail('createModel', { actor: owner.actor, body: { name } });
      expect(error).toEqual({ statusCode: 400, message, errors: [{ path: 'name', message }] });
      await expect(list(owner)).resolves.toEqual({ data: [], total: 0 });
    });

    it('refuses fields the contract does not know with 400', async () => {
      const owner = await aUser(env.rpc);
      const error = await env.rpc.fail('createModel', { actor: owner.actor, body: { name: aModelName(), authorId: anUnknownId() } });
      expect(error.statusCode).toBe(400);
    });
  });

  describe('list', () => {
    it('searches names case-insensitively', async () => {
      const owner = await aUser(env.rpc);
      for (const name of ['Gear box', 'big GEAR', 'Wheel', 'gEaRs and more']) await aModel(env.rpc, owner, { name });

      await expect(search(owner, 'gear')).resolves.toEqual(['big GEAR', 'Gear box', 'gEaRs and more']);
      await expect(search(owner, 'WHEEL')).resolves.toEqual(['Wheel']);
      await expect(search(owner, '  wheel  ')).resolves.toEqual(['Wheel']);
    });

    it('takes % and _ in the search literally', async () => {
      const owner = await aUser(env.rpc);
      for (const name of ['gear_box', 'gearXbox', 'gear box']) await aModel(env.rpc, owner, { name });

      await expect(search(owner, 'gear_box')).resolves.toEqual(['gear_box']);
      await expect(search(owner, '_')).resolves.toEqual(['gear_box']);
      await expect(search(owner, '%')).resolves.toEqual([]);
      await expect(search(owner, 'g%x')).resolves.toEqual([]);
      await expect(search(owner, '\\')).resolves.toEqual([]);
    });

    it('sorts by name, createdAt and updatedAt in both directions (newest change first by default)', async () => {
      const owner = await aUser(env.rpc);
      const bravo = await aModel(env.rpc, owner, { name: 'Bravo' });
      await pause(5);
      await aModel(env.rpc, owner, { name: 'alpha' });
      await pause(5);
      await aModel(env.rpc, owner, { name: 'charlie' });
      await pause(5);
      await rename(owner, bravo.id, 'Bravo 2');

      // Names sort case-insensitively.
      await expect(names(owner, { sort: 'name ASC' })).resolves.toEqual(['alpha', 'Bravo 2', 'charlie']);
      await expect(names(owner, { sort: 'name DESC' })).resolves.toEqual(['charlie', 'Bravo 2', 'alpha']);
      await expect(names(owner, { sort: 'createdAt ASC' })).resolves.toEqual(['Bravo 2', 'alpha', 'charlie']);
      await expect(names(owner, { sort: 'createdAt DESC' })).resolves.toEqual(['charlie', 'alpha', 'Bravo 2']);
      await expect(names(owner, { sort: 'updatedAt ASC' })).resolves.toEqual(['alpha', 'charlie', 'Bravo 2']);
      await expect(names(owner, { sort: 'updatedAt DESC' })).resolves.toEqual(['Bravo 2', 'charlie', 'alpha']);
      await expect(names(owner)).resolves.toEqual(['Bravo 2', 'charlie', 'alpha']);
    });

    it('pages with skip and limit and always tells the total', async () => {
      const owner = await aUser(env.rpc);
      for (let i = 1; i <= 5; i++) await aModel(env.rpc, owner, { name: `Part ${i}` });
      const page = (skip: number) => list(owner, { sort: 'name ASC', skip, limit: 2 });

      const pages = await Promise.all([page(0), page(2), page(4), page(6)]);

      expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5]);
      expect(pages.map((p) => p.data.map((m) => m.name))).toEqual([['Part 1', 'Part 2'], ['Part 3', 'Part 4'], ['Part 5'], []]);
    });

    it('counts only what the search finds', async () => {
      const owner = await aUser(env.rpc);
      for (const name of ['Gear A', 'Gear B', 'Gear C', 'Wheel']) await aModel(env.rpc, owner, { name });
      const found = await list(owner, { where: JSON.stringify({ name: { contains: 'gear' } }), limit: 1 });
      expect(found.total).toBe(3);
      expect(found.data).toHaveLength(1);
    });

    it('leaves out ids given in where.id.nin', async () => {
      const owner = await aUser(env.rpc);
      const [a, b] = [await aModel(env.rpc, owner), await aModel(env.rpc, owner)];
      const rest = await list(owner, { where: JSON.stringify({ id: { nin: [a.id] } }) });
      expect(rest.data.map((m) => m.id)).toEqual([b.id]);
    });

    it('populates author and contributor only when asked', async () => {
      const owner = await aUser(env.rpc);
      await aModel(env.rpc, owner);
      const [plain] = (await list(owner)).data;
      const [populated] = (await list(owner, { populate: 'author,contributor' })).data;
      expect(plain).not.toHaveProperty('author');
      expect(populated).toMatchObject({ author: owner.user, contributor: owner.user });
    });

    it('refuses a limit above 100 and an unknown where key with 400', async () => {
      const owner = await aUser(env.rpc);
      await expect(env.rpc.fail('listModels', { actor: owner.actor, body: { limit: 101 } })).resolves.toMatchObject({ statusCode: 400 });
      await expect(env.rpc.fail('listModels', { actor: owner.actor, body: { where: '{"authorId":"x"}' } })).resolves.toMatchObject({ statusCode: 400 });
    });
  });

  describe('update', () => {
    it('renames: the new name shows in the answer, in get and in list', async () => {
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner, { name: 'Old name' });

      const renamed = await rename(owner, model.id, '  New name  ');

      expect(renamed).toMatchObject({ id: model.id, name: 'New name', createdAt: model.createdAt });
      expect(Date.parse(renamed.updatedAt)).toBeGreaterThan(Date.parse(model.updatedAt));
      await expect(env.rpc.call('getModel', { actor: owner.actor, body: { id: model.id } })).resolves.toMatchObject({ name: 'New name' });
      await expect(names(owner)).resolves.toEqual(['New name']);
    });

    it('changes the description', async () => {
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner);
      const changed = await env.rpc.call('updateModel', { actor: owner.actor, body: { id: model.id, changes: { description: 'A gear box for the lathe.' } } });
      expect(changed).toMatchObject({ name: model.name, description: 'A gear box for the lathe.' });
    });

    it('answers the unchanged model when the name is the same', async () => {
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner);
      await expect(rename(owner, model.id, model.name)).resolves.toEqual(model);
    });

    it('refuses an invalid new name with 400 and keeps the old one', async () => {
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner);
      await expect(env.rpc.fail('updateModel', { actor: owner.actor, body: { id: model.id, changes: { name: 'x!' } } })).resolves.toMatchObject({
        statusCode: 400,
        message: TOO_SHORT,
      });
      await expect(env.rpc.call('getModel', { actor: owner.actor, body: { id: model.id } })).resolves.toMatchObject({ name: model.name });
    });
  });

  describe('delete', () => {
    it('removes the model from get and list and answers its last state', async () => {
      const owner = await aUser(env.rpc);
      const keep = await aModel(env.rpc, owner);
      const gone = await aModel(env.rpc, owner);

      const answer = await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: gone.id } });

      expect(answer).toMatchObject({ id: gone.id, name: gone.name });
      await expect(env.rpc.fail('getModel', { actor: owner.actor, body: { id: gone.id } })).resolves.toEqual({ statusCode: 404, message: 'Model not found.' });
      await expect(list(owner)).resolves.toMatchObject({ total: 1, data: [{ id: keep.id }] });
      await expect(env.rpc.fail('deleteModel', { actor: owner.actor, body: { id: gone.id } })).resolves.toMatchObject({ statusCode: 404 });
    });
  });

  describe("someone else's model", () => {
    it('is 404 for get, update and delete, and never in their list', async () => {
      const owner = await aUser(env.rpc);
      const stranger = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner, { name: 'Secret gear' });
      const notFound = { statusCode: 404, message: 'Model not found.' };

      await expect(env.rpc.fail('getModel', { actor: stranger.actor, body: { id: model.id } })).resolves.toEqual(notFound);
      await expect(env.rpc.fail('updateModel', { actor: stranger.actor, body: { id: model.id, changes: { name: 'Stolen gear' } } })).resolves.toEqual(notFound);
      await expect(env.rpc.fail('updateModel', { actor: stranger.actor, body: { id: model.id, changes: {} } })).resolves.toEqual(notFound);
      await expect(env.rpc.fail('deleteModel', { actor: stranger.actor, body: { id: model.id } })).resolves.toEqual(notFound);
      await expect(list(stranger)).resolves.toEqual({ data: [], total: 0 });
      await expect(search(stranger, 'secret')).resolves.toEqual([]);

      // ...and the owner's model is untouched.
      await expect(env.rpc.call('getModel', { actor: owner.actor, body: { id: model.id } })).resolves.toEqual(model);
    });

    it('answers exactly like a model that does not exist', async () => {
      const stranger = await aUser(env.rpc);
      const missing = anUnknownId();
      await expect(env.rpc.fail('getModel', { actor: stranger.actor, body: { id: missing } })).resolves.toEqual({
        statusCode: 404,
        message: 'Model not found.',
      });
      await expect(env.rpc.fail('updateModel', { actor: stranger.actor, body: { id: missing, changes: { name: 'Whatever' } } })).resolves.toEqual({
        statusCode: 404,
        message: 'Model not found.',
      });
      await expect(env.rpc.fail('deleteModel', { actor: stranger.actor, body: { id: missing } })).resolves.toEqual({
        statusCode: 404,
        message: 'Model not found.',
      });
    });
  });
});
