import { ASSET_ITEM_MESSAGES, ASSET_ITEM_PAGE_SIZE, AssetItem, AssetItemList, COMMON_MESSAGES } from '@kiln/contracts';
import { TEAM_MESSAGES } from '@kiln/domain';
import * as samples from '../../../domain/src/assets/upload-samples.test-support';
import { Stack, startStack, throwawayStackOptions } from '../../../deploy/src/stack';
import { eventually } from '../../../deploy/test/support/eventually';
import type { Socket } from 'socket.io-client';
import { openSocket, Push } from '../../../bff/test/support/sockets';
import { Person, stackHttp } from './support/stack-http';

/**
 * Images, vector graphics and 3D objects (spec 001 §2, §3, §5, §7; ADR 0052) through the real services:
 * files are uploaded with `POST /api/upload` (the assets service records them), and the workspace makes
 * items of them after asking the assets service whose and of which kind each one is. Over the BFF's HTTP
 * routes, as the web app calls them, with real Postgres and NATS JetStream.
 */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ ...throwawayStackOptions('assetitems'), log: () => undefined, childLog: () => undefined });
}, 120_000);

const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack?.stop();
}, 60_000);

const { http, ok, signUp, upload } = stackHttp(() => stack.url, 'assets');

const SEGMENT = { image: 'image', vector: 'resource-svg', object3d: 'object-3-d' } as const;
type Kind = keyof typeof SEGMENT;

const create = (person: Person, kind: Kind, body: Record<string, unknown>) => http('POST', `/api/workspace/${SEGMENT[kind]}`, person.token, body);
const list = (person: Person, kind: Kind, query: Record<string, unknown> = {}) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return http('GET', `/api/workspace/${SEGMENT[kind]}?${qs}`, person.token);
};
const names = async (person: Person, kind: Kind, query: Record<string, unknown> = {}) => {
  const answer = await list(person, kind, query);
  expect(answer.status).toBe(200);
  return (answer.body as AssetItemList).data.map((i) => i.name);
};

/** One uploaded file of `kind` made an item by `person`, in the scope given. */
async function anItem(person: Person, kind: Kind, name: string, scope: { teamId?: string; projectId?: string } = {}): Promise<AssetItem> {
  const bytes = kind === 'image' ? samples.png() : kind === 'vector' ? samples.svg() : samples.binaryStl();
  const [mediaId] = await upload(person, kind, [[name, bytes]]);
  const answer = await create(person, kind, { mediaId, ...scope });
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as AssetItem;
}

let owner: Person, editor: Person, viewer: Person, stranger: Person;
let teamId: string;
let projectId: string;

beforeAll(async () => {
  [owner, editor, viewer, stranger] = await Promise.all(['owner', 'editor', 'viewer', 'stranger'].map(signUp));
  teamId = (await ok('POST', '/api/workspace/team/my', owner.token, { name: 'Asset Team' })).id;
  projectId = (await ok('POST', '/api/workspace/team-project', owner.token, { teamId, name: 'Asset Project' })).id;
  await ok('POST', '/api/workspace/team-member/invite', owner.token, { teamId, email: editor.email, role: 'editor' });
  await ok('POST', '/api/workspace/team-member/invite', owner.token, { teamId, email: viewer.email, role: 'viewer' });
}, 120_000);

describe('create', () => {
  it('makes an item of my own upload, named after its file, with the fields of the spec', async () => {
    const [mediaId] = await upload(owner, 'image', [['Chair photo.png', samples.png()]]);
    const answer = await create(owner, 'image', { mediaId });
    expect(answer.status).toBe(201);
    const item = AssetItem.parse(answer.body);
    expect(item).toMatchObject({
      kind: 'image',
      name: 'Chair photo.png',
      mediaId,
      media: { name: 'Chair photo.png', mimetype: 'image/png', size: samples.png().length },
      authorId: owner.id,
      teamId: null,
      projectId: null,
      userRole: null,
    });
    // The answer comes once the lists have it.
    expect(await names(owner, 'image')).toContain('Chair photo.png');
    await expect(ok('GET', `/api/workspace/image/${item.id}`, owner.token)).resolves.toMatchObject({ id: item.id, name: 'Chair photo.png' });
  });

  it('makes one item per file of an upload of several, for each library', async () => {
    const ids = await upload(owner, 'vector', [
      ['Logo.svg', samples.svg()],
      ['Plan.dxf', samples.dxf()],
    ]);
    for (const mediaId of ids) expect((await create(owner, 'vector', { mediaId })).status).toBe(201);
    expect((await names(owner, 'vector')).sort()).toEqual(['Logo.svg', 'Plan.dxf']);
    const [stl] = await upload(owner, 'object3d', [['Bracket.stl', samples.binaryStl()]]);
    expect((await create(owner, 'object3d', { mediaId: stl })).body).toMatchObject({ kind: 'object3d', name: 'Bracket.stl' });
    // Each library lists its own kind only.
    expect(await names(owner, 'object3d')).toEqual(['Bracket.stl']);
    expect(await names(owner, 'image')).not.toContain('Bracket.stl');
  });

  it('shows its media’s preview once the assets service has made it (ADR 0053)', async () => {
    const image = await anItem(owner, 'image', 'Preview me.png');
    const stl = await anItem(owner, 'object3d', 'Preview me.stl');
    await eventually(async () => {
      const shown = await ok<AssetItem>('GET', `/api/workspace/image/${image.id}`, owner.token);
      expect(shown.preview).toMatchObject({ status: 'ready', thumbnail: true });
      expect((await names(owner, 'image', { where: { name: { contains: 'Preview me' } } })).length).toBe(1);
      expect(((await list(owner, 'image', { where: { name: { contains: 'Preview me' } } })).body as AssetItemList).data[0]!.preview.status).toBe('ready');
      expect(await ok<AssetItem>('GET', `/api/workspace/object-3-d/${stl.id}`, owner.token)).toMatchObject({ preview: { status: 'ready', view: true } });
    });
  });

  it('refuses a file uploaded as another kind, with a sentence (400)', async () => {
    const [png] = await upload(owner, 'image', [['Photo.png', samples.png()]]);
    for (const kind of ['object3d', 'vector'] as const) {
      const answer = await create(owner, kind, { mediaId: png });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(ASSET_ITEM_MESSAGES.wrongKind(kind === 'vector' ? 'vector graphics' : '3D objects'));
    }
    // The type is the extension's (the bytes were checked against it), not what the browser sent.
    expect((await create(owner, 'object3d', { mediaId: (await upload(owner, 'object3d', [['Part.STL', samples.binaryStl()]]))[0] })).body.media.mimetype).toBe(
      'model/stl',
    );
    // A plain media upload is not an image either.
    const [plain] = await upload(owner, 'media', [['Photo.png', samples.png()]]);
    expect((await create(owner, 'image', { mediaId: plain })).body).toMatchObject({ statusCode: 400, message: ASSET_ITEM_MESSAGES.wrongKind('images') });
  });

  it('refuses someone else’s upload (400, as for no file) and a file already in a library (409)', async () => {
    const [theirs] = await upload(stranger, 'image', [['Theirs.png', samples.png()]]);
    expect((await create(owner, 'image', { mediaId: theirs })).body).toMatchObject({ statusCode: 400, message: ASSET_ITEM_MESSAGES.mediaNotFound });
    expect((await create(owner, 'image', { mediaId: 'f'.repeat(24) })).body).toMatchObject({ statusCode: 400, message: ASSET_ITEM_MESSAGES.mediaNotFound });
    const [mine] = await upload(owner, 'image', [['Once.png', samples.png()]]);
    expect((await create(owner, 'image', { mediaId: mine })).status).toBe(201);
    expect((await create(owner, 'image', { mediaId: mine })).body).toMatchObject({ statusCode: 409, message: ASSET_ITEM_MESSAGES.mediaTaken });
    expect((await create(owner, 'image', { mediaId: mine, teamId })).body).toMatchObject({ statusCode: 409, message: ASSET_ITEM_MESSAGES.mediaTaken });
  });

  it('refuses a body that is not the contract’s (400)', async () => {
    expect((await create(owner, 'image', {})).status).toBe(400);
    expect((await create(owner, 'image', { mediaId: 'nope' })).status).toBe(400);
    expect((await create(owner, 'image', { mediaId: 'a'.repeat(24), name: 'x' })).status).toBe(400);
  });
});

describe('scopes and who may', () => {
  it('lists team and project items each in their own scope only, with the caller’s role', async () => {
    const inTeam = await anItem(editor, 'image', 'Team.png', { teamId });
    const inProject = await anItem(owner, 'image', 'Project.png', { teamId, projectId });
    expect(inTeam).toMatchObject({ teamId, projectId: null, userRole: 'editor', authorId: editor.id });
    expect(inProject).toMatchObject({ teamId, projectId });
    expect(await names(owner, 'image', { where: { teamId } })).toEqual(['Team.png']);
    expect(await names(viewer, 'image', { where: { projectId } })).toEqual(['Project.png']);
    expect((await list(viewer, 'image', { where: { teamId } })).body.data[0].userRole).toBe('viewer');
    expect(await names(editor, 'image')).not.toContain('Team.png');
    // A project of another team is refused.
    const other = await ok('POST', '/api/workspace/team/my', owner.token, { name: 'Other Team' });
    const [mediaId] = await upload(owner, 'image', [['Wrong.png', samples.png()]]);
    expect((await create(owner, 'image', { mediaId, teamId: other.id, projectId })).status).toBe(403);
    expect((await create(owner, 'image', { mediaId, projectId })).status).toBe(400);
  });

  it('a team viewer reads but may not add, rename or delete (403)', async () => {
    const item = await anItem(owner, 'vector', 'Shared.svg', { teamId });
    const [mediaId] = await upload(viewer, 'vector', [['Mine.svg', samples.svg()]]);
    expect((await create(viewer, 'vector', { mediaId, teamId })).body).toMatchObject({ statusCode: 403, message: ASSET_ITEM_MESSAGES.noChange });
    expect((await http('PATCH', `/api/workspace/resource-svg/${item.id}`, viewer.token, { name: 'X' })).status).toBe(403);
    expect((await http('DELETE', `/api/workspace/resource-svg/${item.id}`, viewer.token)).status).toBe(403);
    expect((await http('GET', `/api/workspace/resource-svg/${item.id}`, viewer.token)).status).toBe(200);
    // The viewer's own upload still makes a personal item.
    expect((await create(viewer, 'vector', { mediaId })).status).toBe(201);
  });

  it('an editor renames and deletes a team item someone else added', async () => {
    const item = await anItem(owner, 'object3d', 'Gear.stl', { teamId });
    await expect(ok('PATCH', `/api/workspace/object-3-d/${item.id}`, editor.token, { name: 'Cog' })).resolves.toMatchObject({ name: 'Cog.stl' });
    await expect(ok('DELETE', `/api/workspace/object-3-d/${item.id}`, editor.token)).resolves.toMatchObject({ id: item.id, name: 'Cog.stl' });
    expect(await names(owner, 'object3d', { where: { teamId } })).not.toContain('Cog.stl');
  });

  it('a stranger gets 404 for an item by id and 403 for a team list or a create in the team', async () => {
    const personal = await anItem(owner, 'image', 'Private.png');
    const team = await anItem(owner, 'image', 'Teamwork.png', { teamId });
    for (const id of [personal.id, team.id]) {
      expect((await http('GET', `/api/workspace/image/${id}`, stranger.token)).body).toMatchObject({
        statusCode: 404,
        message: ASSET_ITEM_MESSAGES.notFound.image,
      });
      expect((await http('PATCH', `/api/workspace/image/${id}`, stranger.token, { name: 'Mine' })).status).toBe(404);
      expect((await http('DELETE', `/api/workspace/image/${id}`, stranger.token)).status).toBe(404);
    }
    expect((await list(stranger, 'image', { where: { teamId } })).body).toMatchObject({ statusCode: 403, message: TEAM_MESSAGES.noAccess });
    expect((await list(stranger, 'image', { where: { projectId } })).status).toBe(403);
    const [mediaId] = await upload(stranger, 'image', [['Intruder.png', samples.png()]]);
    expect((await create(stranger, 'image', { mediaId, teamId })).status).toBe(403);
    // Nobody signed in: 401.
    expect((await http('GET', `/api/workspace/image/${personal.id}`)).status).toBe(401);
    // An image is not found under another library's route.
    expect((await http('GET', `/api/workspace/object-3-d/${personal.id}`, owner.token)).body).toMatchObject({
      statusCode: 404,
      message: ASSET_ITEM_MESSAGES.notFound.object3d,
    });
  });
});

describe('rename and delete', () => {
  it('keeps the extension and trims the name; the name without extension is required', async () => {
    const item = await anItem(owner, 'image', 'Old name.png');
    await expect(ok('PATCH', `/api/workspace/image/${item.id}`, owner.token, { name: '  New name  ' })).resolves.toMatchObject({ name: 'New name.png' });
    for (const name of ['   ', '.png']) {
      expect((await http('PATCH', `/api/workspace/image/${item.id}`, owner.token, { name })).body).toMatchObject({
        statusCode: 400,
        message: COMMON_MESSAGES.required,
        errors: [{ path: 'name', message: COMMON_MESSAGES.required }],
      });
    }
    expect(await names(owner, 'image', { where: { name: { contains: 'new NAME' } } })).toEqual(['New name.png']);
    await expect(ok('GET', `/api/workspace/image/${item.id}`, owner.token)).resolves.toMatchObject({ name: 'New name.png', media: { name: 'Old name.png' } });
  });

  it('deletes: gone from the list and by id; its file can be added again', async () => {
    const item = await anItem(owner, 'image', 'Short lived.png');
    await expect(ok('DELETE', `/api/workspace/image/${item.id}`, owner.token)).resolves.toMatchObject({ id: item.id });
    expect(await names(owner, 'image')).not.toContain('Short lived.png');
    expect((await http('GET', `/api/workspace/image/${item.id}`, owner.token)).status).toBe(404);
    expect((await http('DELETE', `/api/workspace/image/${item.id}`, owner.token)).status).toBe(404);
    expect((await create(owner, 'image', { mediaId: item.mediaId })).status).toBe(201);
  });
});

describe('list', () => {
  it(`pages by ${ASSET_ITEM_PAGE_SIZE}, sorts by name and counts the total`, async () => {
    const person = await signUp('pager');
    const files = Array.from({ length: ASSET_ITEM_PAGE_SIZE + 1 }, (_, i) => [`Photo ${String(i).padStart(2, '0')}.png`, samples.png()] as [string, Buffer]);
    const ids = [...(await upload(person, 'image', files.slice(0, 20))), ...(await upload(person, 'image', files.slice(20)))];
    for (const mediaId of ids) expect((await create(person, 'image', { mediaId })).status).toBe(201);
    const first = (await list(person, 'image', { sort: 'name ASC' })).body as AssetItemList;
    expect(first.total).toBe(ASSET_ITEM_PAGE_SIZE + 1);
    expect(first.data).toHaveLength(ASSET_ITEM_PAGE_SIZE);
    expect(first.data[0]!.name).toBe('Photo 00.png');
    const rest = (await list(person, 'image', { sort: 'name ASC', skip: ASSET_ITEM_PAGE_SIZE })).body as AssetItemList;
    expect(rest.data.map((i) => i.name)).toEqual([`Photo ${ASSET_ITEM_PAGE_SIZE}.png`]);
    // Newest change first by default.
    expect(((await list(person, 'image', { limit: 1 })).body as AssetItemList).data[0]!.name).toBe(`Photo ${ASSET_ITEM_PAGE_SIZE}.png`);
  }, 60_000);
});

describe('live updates', () => {
  /** Every push of a channel the socket receives from now on, in order. */
  const pushes = (socket: Socket, channel: string): Push[] => {
    const seen: Push[] = [];
    socket.on(channel, (message: Push) => seen.push(message));
    return seen;
  };

  it('pushes an item’s changes on its kind’s channel to whoever may see it, with their role, and nothing to a stranger', async () => {
    const [ownerSocket, viewerSocket, strangerSocket] = await Promise.all(
      [owner, viewer, stranger].map((person) => openSocket(stack.url, sockets, { token: person.token })),
    );
    const toOwner = pushes(ownerSocket!, 'workspace-object-3-d');
    const toViewer = pushes(viewerSocket!, 'workspace-object-3-d');
    const toStranger = [...pushes(strangerSocket!, 'workspace-object-3-d'), ...pushes(strangerSocket!, 'workspace-image')];
    const otherChannel = pushes(ownerSocket!, 'workspace-image');

    const personal = await anItem(owner, 'object3d', 'Live.stl');
    const shared = await anItem(owner, 'object3d', 'Live team.stl', { teamId });
    await ok('PATCH', `/api/workspace/object-3-d/${shared.id}`, owner.token, { name: 'Renamed live' });
    await ok('DELETE', `/api/workspace/object-3-d/${shared.id}`, owner.token);

    const seen = (list: Push[], id: string) => list.filter((p) => p.data.id === id);
    await eventually(async () => {
      expect(seen(toOwner, personal.id)[0]).toMatchObject({ verb: 'create', data: { name: 'Live.stl', kind: 'object3d', userRole: null } });
      // The preview lands as an update (ADR 0053).
      expect(seen(toOwner, personal.id).some((p) => p.verb === 'update' && p.data.preview.status === 'ready')).toBe(true);
      expect(seen(toOwner, shared.id).map((p) => p.verb)).toEqual(expect.arrayContaining(['create', 'update', 'delete']));
      expect(seen(toViewer, shared.id).map((p) => [p.verb, p.data.userRole])).toEqual(
        expect.arrayContaining([
          ['create', 'viewer'],
          ['delete', 'viewer'],
        ]),
      );
    });
    expect(seen(toViewer, shared.id).find((p) => p.data.name === 'Renamed live.stl')).toBeDefined();
    expect(seen(toViewer, personal.id)).toEqual([]);
    expect(toStranger.filter((p) => [personal.id, shared.id].includes(p.data.id))).toEqual([]);
    expect(otherChannel.filter((p) => [personal.id, shared.id].includes(p.data.id))).toEqual([]);
  });
});
