import sharp from 'sharp';
import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import {
  COMMUNITY_MESSAGES,
  ENVIRONMENT_MAP_MESSAGES,
  EnvironmentMap,
  EnvironmentMapList,
  MEDIA_MESSAGES,
  REJECTION_NOTIFICATION,
  TEXTURE_MESSAGES,
  Texture,
  UPLOAD_KIND_RULES,
} from '@kiln/contracts';
import { MODEL_NAME_MESSAGES } from '@kiln/domain';
import { rebuildProjection } from '@kiln/service-kit';
import { Stack, startStack, throwawayStackOptions } from '../../../deploy/src/stack';
import { eventually } from '../../../deploy/test/support/eventually';
import { exrFile } from '../../../deploy/test/support/exr-file';
import { ProjectEnvironmentMapsOnEnvironmentMapEvents } from '../src/environment-maps/projections/project-environment-maps-on-environment-map-events';
import { Person, stackHttp } from './support/stack-http';

/**
 * Scenes (environment maps) and textures with their uploads, through the whole stack over the BFF's HTTP
 * routes (spec 001 §3, §5, §7; ADR 0061): a real EXR and PNG maps made by the test, uploaded with
 * `POST /api/upload` (repos `exr` and `texture`, refused by their bytes when they are not what they say), used
 * only by their uploader, and readable through `GET /api/media/{id}` by whoever may read the item. The
 * 24-hour window with a moved clock is in textures.medium.spec.ts.
 */
let stack: Stack;
/** The moderator of this stack (KILN_MODERATORS, read by the workspace as by commerce). */
const moderatorEmail = `scenes-moderator-${Date.now()}@example.com`;
beforeAll(async () => {
  const options = throwawayStackOptions('scenes');
  stack = await startStack({ ...options, env: { ...options.env, KILN_MODERATORS: moderatorEmail }, log: () => undefined, childLog: () => undefined });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
}, 60_000);

const { http, ok, signUp, upload } = stackHttp(() => stack.url, 'scenes');

/** A PNG of one colour made by the test. */
const aPng = (r: number, g: number, b: number, size = 16) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

async function uploadRefused(person: Person, repo: string, name: string, bytes: Buffer): Promise<{ status: number; body: { message: string } }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${stack.url}/api/upload?repo=${repo}&folder=2026_11`, {
    method: 'POST',
    headers: { authorization: `Bearer ${person.token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

let author: Person, stranger: Person;
beforeAll(async () => {
  [author, stranger] = await Promise.all([signUp('author'), signUp('stranger')]);
}, 60_000);

describe('uploads', () => {
  it('takes a real EXR as an environment image and refuses a file that is not one (by its bytes)', async () => {
    const exr = exrFile();
    expect([...exr.subarray(0, 4)]).toEqual([0x76, 0x2f, 0x31, 0x01]);
    const [id] = await upload(author, 'exr', [['studio.exr', exr]]);
    expect(await ok('GET', `/api/media/${id}`, author.token)).toMatchObject({ id, type: 'exr', size: exr.length });
    const png = await aPng(200, 10, 10);
    const posing = await uploadRefused(author, 'exr', 'fake.exr', png);
    expect(posing.status).toBe(415);
    expect(posing.body.message).toMatch(/not a \.exr file/);
    expect((await uploadRefused(author, 'exr', 'photo.png', png)).status).toBe(415);
    expect((await uploadRefused(author, 'texture', 'studio.png', exr)).status).toBe(415);
    expect(UPLOAD_KIND_RULES.exr.maxBytes).toBe(50 * 1024 * 1024);
  });
});

describe('textures with PNG maps', () => {
  it('keeps the maps and preview of my uploads, refuses anyone else’s, and lets whoever reads the texture read its files', async () => {
    const [diffuse, normal, preview] = await upload(author, 'texture', [
      ['oak-diffuse.png', await aPng(150, 100, 50)],
      ['oak-normal.png', await aPng(128, 128, 255)],
      ['oak-preview.png', await aPng(120, 90, 40, 64)],
    ]);
    const created = await http('POST', '/api/workspace/texture', author.token, { name: 'Oak', diffuseMap: diffuse, normalMap: normal, previewId: preview });
    expect(created.status).toBe(201);
    const texture = Texture.parse(created.body);
    expect(texture.maps.map((m) => [m.slot, m.id, m.mimetype])).toEqual([
      ['diffuseMap', diffuse, 'image/png'],
      ['normalMap', normal, 'image/png'],
    ]);
    expect(texture.preview).toMatchObject({ id: preview, name: 'oak-preview.png', mimetype: 'image/png' });

    // Someone else's upload is not mine to use; an EXR is not a map.
    const [exr] = await upload(author, 'exr', [['sky.exr', exrFile()]]);
    const theirs = await http('POST', '/api/workspace/texture', stranger.token, { name: 'Borrowed', diffuseMap: diffuse });
    expect(theirs).toMatchObject({ status: 400, body: { message: COMMUNITY_MESSAGES.mediaNotYours } });
    const wrongKind = await http('PATCH', `/api/workspace/texture/${texture.id}`, author.token, { roughnessMap: exr });
    expect(wrongKind).toMatchObject({ status: 400, body: { message: COMMUNITY_MESSAGES.wrongMediaKind(UPLOAD_KIND_RULES.texture.label) } });
    expect(await http('POST', '/api/workspace/texture', author.token, { name: 'ab' })).toMatchObject({
      status: 400,
      body: { message: TEXTURE_MESSAGES.nameTooShort },
    });

    // Private: its files are the author's alone.
    expect((await http('GET', `/api/media/${diffuse}`, stranger.token)).status).toBe(404);
    expect((await http('GET', `/api/workspace/texture/${texture.id}`, stranger.token)).status).toBe(404);
    // Public: a community texture, its files readable by everyone signed in; still the author's alone to change.
    const published = await ok<Texture>('PATCH', `/api/workspace/texture/${texture.id}`, author.token, { public: true, tags: ['wood'] });
    expect(published).toMatchObject({ public: true, recentlyPublished: true });
    expect(await ok('GET', `/api/media/${diffuse}`, stranger.token)).toMatchObject({ id: diffuse });
    const file = await fetch(`${stack.url}/api/media/${normal}/file`, { headers: { authorization: `Bearer ${stranger.token}` } });
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect((await ok('GET', '/api/workspace/texture/community?term=oak', stranger.token)).data.map((t: Texture) => t.id)).toContain(texture.id);
    expect(await http('PATCH', `/api/workspace/texture/${texture.id}`, stranger.token, { name: 'Mine' })).toMatchObject({
      status: 403,
      body: { message: COMMUNITY_MESSAGES.onlyAuthor },
    });
    // Added to the stranger's own library, and removed.
    const association = await ok('POST', '/api/workspace/texture-association', stranger.token, { textureId: texture.id, scope: {} });
    expect((await ok('GET', '/api/workspace/texture-association', stranger.token)).data.map((a: { texture: Texture }) => a.texture.name)).toEqual(['Oak']);
    await ok('DELETE', `/api/workspace/texture-association/${association.id}`, stranger.token);
    expect((await ok('GET', '/api/workspace/distinct/texture/tags?community=true', stranger.token)).data).toContain('wood');
  });
});

describe('scenes', () => {
  it('creates a scene from my EXR and preview, with the spec’s sentences, lists, publishes, and deletes it', async () => {
    const [envMapId] = await upload(author, 'exr', [['studio.exr', exrFile({ width: 16, height: 8 })]]);
    const [previewId] = await upload(author, 'texture', [
      [
        'studio.webp',
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#88aaff' } })
          .webp()
          .toBuffer(),
      ],
    ]);
    expect(await http('POST', '/api/workspace/environment-map', author.token, { name: '', envMapId })).toMatchObject({
      status: 400,
      body: { message: ENVIRONMENT_MAP_MESSAGES.nameRequired },
    });
    expect(await http('POST', '/api/workspace/environment-map', author.token, { name: 'ab', envMapId })).toMatchObject({
      status: 400,
      body: { message: MODEL_NAME_MESSAGES.tooShort },
    });
    expect(await http('POST', '/api/workspace/environment-map', author.token, { name: 'Studio', envMapId: previewId })).toMatchObject({ status: 400 });
    expect(await http('POST', '/api/workspace/environment-map', author.token, { name: 'Studio' })).toMatchObject({
      status: 400,
      body: { message: ENVIRONMENT_MAP_MESSAGES.envMapRequired },
    });
    expect(await http('POST', '/api/workspace/environment-map', stranger.token, { name: 'Studio', envMapId })).toMatchObject({
      status: 400,
      body: { message: COMMUNITY_MESSAGES.mediaNotYours },
    });
    const created = await http('POST', '/api/workspace/environment-map', author.token, {
      name: 'Studio',
      description: 'Soft light',
      tags: ['indoor', 'Soft'],
      envMapId,
      previewId,
      previewGeometry: 'box',
    });
    expect(created.status).toBe(201);
    const scene = EnvironmentMap.parse(created.body);
    expect(scene).toMatchObject({
      envMap: { id: envMapId, mimetype: 'image/x-exr' },
      preview: { id: previewId, mimetype: 'image/webp' },
      previewGeometry: 'box',
    });
    expect(await http('PATCH', `/api/workspace/environment-map/${scene.id}`, author.token, { tags: ['Soft', 'soft'] })).toMatchObject({
      status: 400,
      body: { message: COMMUNITY_MESSAGES.duplicateTags },
    });

    const listed = (where: object, token = author.token) =>
      ok<EnvironmentMapList>('GET', `/api/workspace/environment-map?where=${encodeURIComponent(JSON.stringify(where))}`, token);
    expect((await listed({ public: false })).data.map((s) => s.name)).toEqual(['Studio']);
    expect((await listed({ name: { contains: 'stud' }, tags: { in: ['INDOOR'] } })).total).toBe(1);
    expect((await listed({ public: true }, stranger.token)).data.map((s) => s.id)).not.toContain(scene.id);
    expect((await http('GET', `/api/media/${envMapId}`, stranger.token)).status).toBe(404);
    expect(await http('DELETE', `/api/workspace/environment-map/${scene.id}`, stranger.token)).toMatchObject({ status: 404 });

    await ok('PATCH', `/api/workspace/environment-map/${scene.id}`, author.token, { public: true });
    expect((await listed({ public: true }, stranger.token)).data.map((s) => s.id)).toContain(scene.id);
    const exr = await fetch(`${stack.url}/api/media/${envMapId}/file`, { headers: { authorization: `Bearer ${stranger.token}` } });
    expect([exr.status, [...Buffer.from(await exr.arrayBuffer()).subarray(0, 4)]]).toEqual([200, [0x76, 0x2f, 0x31, 0x01]]);
    expect(await http('PATCH', `/api/workspace/environment-map/${scene.id}`, stranger.token, { name: 'Taken' })).toMatchObject({
      status: 403,
      body: { message: COMMUNITY_MESSAGES.onlyAuthor },
    });
    expect((await ok('GET', '/api/workspace/distinct/environment-map/tags', author.token)).data).toEqual(['indoor', 'Soft']);

    // A moderator rejects it within its 24 hours: private again, and its author is told.
    const registered = await ok('POST', '/api/auth/register', undefined, { email: moderatorEmail, password: 'correct horse', fullName: 'Scenes Moderator' });
    expect(await http('POST', `/api/workspace/environment-map/${scene.id}/reject`, stranger.token, {})).toMatchObject({
      status: 403,
      body: { message: COMMUNITY_MESSAGES.notModerator },
    });
    expect(await ok('POST', `/api/workspace/environment-map/${scene.id}/reject`, registered.token, {})).toMatchObject({ public: false, publishedAt: null });
    expect((await listed({ public: true }, stranger.token)).data.map((s) => s.id)).not.toContain(scene.id);
    await eventually(async () => {
      const { data } = await ok('GET', '/api/notification/user-notification', author.token);
      expect(data.map((n: { message: string }) => n.message)).toContain(REJECTION_NOTIFICATION['environment-map']('Studio'));
    });

    // The read model equals a rebuild from the state table.
    const before = await ok<EnvironmentMapList>('GET', '/api/workspace/environment-map', author.token);
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: stack.databaseUrl, max: 1 }) }) });
    try {
      await rebuildProjection(db, 'workspace', ProjectEnvironmentMapsOnEnvironmentMapEvents);
    } finally {
      await db.destroy();
    }
    expect(await ok<EnvironmentMapList>('GET', '/api/workspace/environment-map', author.token)).toEqual(before);

    expect(await ok('DELETE', `/api/workspace/environment-map/${scene.id}`, author.token)).toMatchObject({ id: scene.id });
    expect(await http('GET', `/api/workspace/environment-map/${scene.id}`, author.token)).toMatchObject({
      status: 404,
      body: { message: ENVIRONMENT_MAP_MESSAGES.notFound },
    });
    expect((await http('GET', `/api/media/${envMapId}`, stranger.token)).body).toMatchObject({ message: MEDIA_MESSAGES.notFound });
  });
});
