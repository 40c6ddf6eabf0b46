import { randomBytes } from 'node:crypto';
import { COMMUNITY_MESSAGES, ENVIRONMENT_MAP_MESSAGES, REJECTION_NOTIFICATION, TEXTURE_MESSAGES, Texture } from '@kiln/contracts';
import { MODEL_NAME_MESSAGES, TEAM_MESSAGES } from '@kiln/domain';
import { aUser, SignedUp } from './support/builders';
import { aMember, aTeam } from './support/team-builders';
import { startWorkspace, WorkspaceTestEnv } from './support/test-env';

const HOUR_MS = 60 * 60 * 1000;
const SECOND_MS = 1000;

/**
 * Textures, texture associations and the 24-hour window of community textures and scenes (spec 001 §3–§7;
 * ADR 0061), through the workspace service in-process with real Postgres and NATS. The clock is the
 * service's clock port, moved by the test. Uploads (maps, EXR) are in environment-maps.medium.spec.ts,
 * over the whole stack.
 */
describe('workspace service: textures and the community window', () => {
  let env: WorkspaceTestEnv;
  let clock: { now(): Date };
  let realNow: () => Date;
  let offsetMs = 0;
  const moderatorEmail = `moderator-${randomBytes(4).toString('hex')}@example.com`;
  let author: SignedUp, other: SignedUp, moderator: SignedUp;

  beforeAll(async () => {
    // Read once when the service starts, as in a deployment (services/kit readModerators).
    process.env.KILN_MODERATORS = ` ${moderatorEmail.toUpperCase()} `;
    env = await startWorkspace();
    clock = require('@kiln/service-kit').systemClock;
    realNow = clock.now;
    clock.now = () => new Date(Date.now() + offsetMs);
    [author, other, moderator] = await Promise.all([aUser(env.rpc), aUser(env.rpc), aUser(env.rpc, { email: moderatorEmail })]);
  }, 60_000);
  afterEach(() => {
    offsetMs = 0;
  });
  afterAll(async () => {
    delete process.env.KILN_MODERATORS;
    if (clock) clock.now = realNow;
    await env?.stop();
  });

  const create = (who: SignedUp, body: Record<string, unknown>) => env.rpc.call('createTexture', { actor: who.actor, body: body as never });
  const update = (who: SignedUp, id: string, changes: Record<string, unknown>) => env.rpc.call('updateTexture', { actor: who.actor, body: { id, changes } });
  const fail = (name: Parameters<WorkspaceTestEnv['rpc']['fail']>[0], who: SignedUp, body: unknown) => env.rpc.fail(name, { actor: who.actor, body });

  it('creates with the spec defaults, refuses the spec’s wrongs with its sentences, lists 20 a page with term and sort', async () => {
    const texture = await create(author, { name: 'Oak planks', tags: ['wood', 'Oak'] });
    expect(texture).toMatchObject({
      name: 'Oak planks',
      authorId: author.user.id,
      author: { fullName: author.user.fullName },
      public: false,
      publishedAt: null,
      repeat: { x: 1, y: 1 },
      center: { x: 0, y: 0 },
      offset: { x: 0, y: 0 },
      rotation: 0,
      diffuseMap: null,
      mayEdit: true,
      mayReject: false,
      recentlyPublished: false,
    });
    expect(await fail('createTexture', author, {})).toMatchObject({ statusCode: 400, message: TEXTURE_MESSAGES.nameRequired });
    expect(await fail('createTexture', author, { name: 'ab' })).toMatchObject({ statusCode: 400, message: TEXTURE_MESSAGES.nameTooShort });
    expect(await fail('createTexture', author, { name: 'Tags', tags: ['Wood', 'wood'] })).toMatchObject({
      statusCode: 400,
      message: COMMUNITY_MESSAGES.duplicateTags,
    });
    expect(await fail('createTexture', author, { name: 'Turned', rotation: 7 })).toMatchObject({ statusCode: 400, message: TEXTURE_MESSAGES.rotationTooLarge });
    expect(await fail('createTexture', author, { name: 'Narrow', width: -1 })).toMatchObject({
      statusCode: 400,
      message: TEXTURE_MESSAGES.notNegative,
      errors: [{ path: 'width', message: TEXTURE_MESSAGES.notNegative }],
    });

    await create(author, { name: 'Brick wall', tags: ['stone'] });
    const mine = await env.rpc.call('listTextures', { actor: author.actor, body: { term: 'A', sortField: 'name', sortDirection: 'asc' } });
    expect(mine.data.map((t) => t.name)).toEqual(['Brick wall', 'Oak planks']);
    expect((await env.rpc.call('listTextures', { actor: other.actor, body: {} })).total).toBe(0);
    expect((await env.rpc.call('listTextures', { actor: author.actor, body: { tag: 'OAK' } })).data.map((t) => t.name)).toEqual(['Oak planks']);
    expect((await env.rpc.call('textureTags', { actor: author.actor, body: {} })).data).toEqual(['Oak', 'stone', 'wood']);
    // A private texture is nobody else's business (404).
    expect(await fail('getTexture', other, { id: texture.id })).toMatchObject({ statusCode: 404, message: TEXTURE_MESSAGES.notFound });
    expect(await fail('updateTexture', other, { id: texture.id, changes: { name: 'Mine now' } })).toMatchObject({ statusCode: 404 });
  });

  it('lets only the author change a public texture, within 24 hours of publishing; after that nobody (403)', async () => {
    const published = await create(author, { name: 'Marble', public: true });
    expect(published).toMatchObject({ public: true, recentlyPublished: true, mayEdit: true });
    const publishedAt = new Date(published.publishedAt!).getTime();
    const at = (ms: number) => (offsetMs = publishedAt + ms - Date.now());

    // Everyone reads a community texture; only its author changes it.
    expect(await env.rpc.call('getTexture', { actor: other.actor, body: { id: published.id } })).toMatchObject({ mayEdit: false, recentlyPublished: true });
    expect(await fail('updateTexture', other, { id: published.id, changes: { name: 'Stolen' } })).toMatchObject({
      statusCode: 403,
      message: COMMUNITY_MESSAGES.onlyAuthor,
    });
    expect(await fail('deleteTexture', other, { id: published.id })).toMatchObject({ statusCode: 403, message: COMMUNITY_MESSAGES.onlyAuthor });

    at(24 * HOUR_MS - SECOND_MS);
    expect(await update(author, published.id, { name: 'Marble white' })).toMatchObject({ name: 'Marble white', mayEdit: true });
    at(24 * HOUR_MS + SECOND_MS);
    expect(await fail('updateTexture', author, { id: published.id, changes: { name: 'Marble grey' } })).toMatchObject({
      statusCode: 403,
      message: COMMUNITY_MESSAGES.windowClosed,
    });
    expect(await fail('deleteTexture', author, { id: published.id })).toMatchObject({ statusCode: 403, message: COMMUNITY_MESSAGES.windowClosed });
    expect(await env.rpc.call('getTexture', { actor: author.actor, body: { id: published.id } })).toMatchObject({ recentlyPublished: false, mayEdit: false });
    // Too late for a moderator too.
    expect(await fail('rejectTexture', moderator, { id: published.id, changes: {} })).toMatchObject({
      statusCode: 409,
      message: COMMUNITY_MESSAGES.notRejectable,
    });
  });

  it('a moderator rejects a community texture within its window: private again, its author notified', async () => {
    const texture = await create(author, { name: 'Copied photo', public: true });
    expect(await env.rpc.call('getTexture', { actor: moderator.actor, body: { id: texture.id } })).toMatchObject({ mayReject: true });
    expect(await fail('rejectTexture', other, { id: texture.id, changes: {} })).toMatchObject({ statusCode: 403, message: COMMUNITY_MESSAGES.notModerator });
    offsetMs = 23 * HOUR_MS;
    const rejected = await env.rpc.call('rejectTexture', { actor: moderator.actor, body: { id: texture.id, changes: { reason: 'Not yours to share.' } } });
    expect(rejected).toMatchObject({ public: false, publishedAt: null, mayReject: false });
    expect((await env.rpc.call('listCommunityTextures', { actor: other.actor, body: {} })).data.map((t) => t.id)).not.toContain(texture.id);
    expect(await fail('getTexture', other, { id: texture.id })).toMatchObject({ statusCode: 404 });
    // Its author edits it again (private: no window).
    expect(await update(author, texture.id, { name: 'My own photo' })).toMatchObject({ name: 'My own photo' });
    const sentence = `${REJECTION_NOTIFICATION.texture('Copied photo')} Reason: Not yours to share.`;
    await eventuallyTrue(async () => {
      const page = await env.rpc.call('listNotifications', { actor: author.actor, body: {} });
      return page.data.some((n) => n.type === 'texture.rejected' && n.message === sentence && n.data.link === `/assets/texture/edit/${texture.id}`);
    });
  });

  it('scenes give the spec’s name sentences', async () => {
    // The spec's sentences come before any upload is looked at (scenes with their .exr: environment-maps.medium.spec.ts).
    expect(await fail('createEnvironmentMap', author, { name: 'ab', envMapId: 'e'.repeat(24) })).toMatchObject({
      statusCode: 400,
      message: MODEL_NAME_MESSAGES.tooShort,
    });
    expect(await fail('createEnvironmentMap', author, { envMapId: 'e'.repeat(24) })).toMatchObject({
      statusCode: 400,
      message: ENVIRONMENT_MAP_MESSAGES.nameRequired,
    });
  });

  it('a team viewer reads the team’s textures but may not create or change them; a team editor who is not the author may not change them', async () => {
    const team = await aTeam(env.rpc, author);
    const { user: viewer } = await aMember(env.rpc, team, author, 'viewer');
    const { user: editor } = await aMember(env.rpc, team, author, 'editor');
    const texture = await create(author, { name: 'Team concrete', teamId: team.id });
    expect((await env.rpc.call('listTextures', { actor: viewer.actor, body: { teamId: team.id } })).data).toEqual([
      expect.objectContaining({ id: texture.id, userRole: 'viewer', mayEdit: false }),
    ]);
    expect(await fail('updateTexture', viewer, { id: texture.id, changes: { name: 'Viewer was here' } })).toMatchObject({ statusCode: 403 });
    expect(await fail('deleteTexture', editor, { id: texture.id })).toMatchObject({ statusCode: 403, message: COMMUNITY_MESSAGES.onlyAuthor });
    expect(await fail('createTexture', viewer, { name: 'Viewer texture', teamId: team.id })).toMatchObject({
      statusCode: 403,
      message: COMMUNITY_MESSAGES.noCreate,
    });
    expect(await fail('listTextures', other, { teamId: team.id })).toMatchObject({ statusCode: 403, message: TEAM_MESSAGES.noAccess });
    expect(await fail('getTexture', other, { id: texture.id })).toMatchObject({ statusCode: 404 });

    // A community texture added to the team's library, and removed ('Remove').
    const community = await create(other, { name: 'Rusty metal', public: true, tags: ['metal'] });
    expect(await fail('createTextureAssociation', viewer, { textureId: community.id, scope: { teamId: team.id } })).toMatchObject({
      statusCode: 403,
      message: TEXTURE_MESSAGES.noChange,
    });
    expect(await fail('createTextureAssociation', editor, { textureId: texture.id, scope: {} })).toMatchObject({ statusCode: 404 });
    const association = await env.rpc.call('createTextureAssociation', { actor: editor.actor, body: { textureId: community.id, scope: { teamId: team.id } } });
    expect(association).toMatchObject({ textureId: community.id, teamId: team.id, texture: { id: community.id, name: 'Rusty metal' } });
    expect(await fail('createTextureAssociation', author, { textureId: community.id, scope: { teamId: team.id } })).toMatchObject({
      statusCode: 409,
      message: TEXTURE_MESSAGES.alreadyAdded,
    });
    const library = await env.rpc.call('listTextureAssociations', { actor: viewer.actor, body: { teamId: team.id } });
    expect(library.data.map((a) => (a.texture as Texture).name)).toEqual(['Rusty metal']);
    expect((await env.rpc.call('listTextureAssociations', { actor: editor.actor, body: {} })).total).toBe(0);
    expect(await fail('getTextureAssociation', other, { id: association.id })).toMatchObject({ statusCode: 404 });
    expect(await fail('deleteTextureAssociation', viewer, { id: association.id })).toMatchObject({ statusCode: 403 });
    await env.rpc.call('deleteTextureAssociation', { actor: author.actor, body: { id: association.id } });
    expect((await env.rpc.call('listTextureAssociations', { actor: viewer.actor, body: { teamId: team.id } })).total).toBe(0);
    // Added again after removal; the community texture's tags are the community's.
    await env.rpc.call('createTextureAssociation', { actor: author.actor, body: { textureId: community.id, scope: { teamId: team.id } } });
    expect((await env.rpc.call('textureTags', { actor: viewer.actor, body: { community: 'true' } })).data).toContain('metal');
  });

  it('read models equal a rebuild from the state tables', async () => {
    const { rebuildProjection } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
    type Projections = typeof import('../src/textures/projections/project-textures-on-texture-events');
    const { ProjectTexturesOnTextureEvents, ProjectTextureAssociationsOnAssociationEvents } =
      require('../src/textures/projections/project-textures-on-texture-events') as Projections;
    const ws = () => env.db.withSchema('workspace');
    const snapshot = async () => ({
      textures: await ws().selectFrom('texture_view').selectAll().where('deleted_at', 'is', null).orderBy('id').execute(),
      associations: await ws().selectFrom('texture_association_view').selectAll().where('deleted_at', 'is', null).orderBy('id').execute(),
    });
    const before = await snapshot();
    expect(before.textures.length).toBeGreaterThan(3);
    await rebuildProjection(env.db, 'workspace', ProjectTexturesOnTextureEvents);
    await rebuildProjection(env.db, 'workspace', ProjectTextureAssociationsOnAssociationEvents);
    expect(await snapshot()).toEqual(before);
  });

  async function eventuallyTrue(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('not true in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});
