import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ASSET_ITEM_MESSAGES, AssetItem } from '@kiln/contracts';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as samples from '../../domain/src/assets/upload-samples.test-support';
import { Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';
import { eventually } from '../../deploy/test/support/eventually';
import { STORAGES, StorageUnderTest } from './support/storages';

/**
 * The files of images, vector graphics and 3D objects (ADR 0052), served by the BFF from each storage:
 * `GET /api/workspace/{image|resource-svg|object-3-d}/{id}/file/{original|thumbnail|view|svg}`. Only whoever
 * may see the item gets them (the workspace's get); an original is always a download, never a page of ours;
 * every file goes out with nosniff and a sandboxing CSP; a derived file not made yet is a 404 with a sentence.
 */
const CSP = "sandbox; default-src 'none'";

/** Writes or removes a stored file as the assets service would (the derived files are its own). */
function storageHands(storage: StorageUnderTest) {
  const env = storage.env;
  if (env.KILN_STORAGE === 'local')
    return {
      put: async (key: string, bytes: Buffer) => writeFileSync(join(env.KILN_STORAGE_DIR!, key), bytes),
      remove: async (key: string) => rmSync(join(env.KILN_STORAGE_DIR!, key), { force: true }),
    };
  const client = new S3Client({
    region: env.KILN_S3_REGION,
    endpoint: env.KILN_S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: env.KILN_S3_ACCESS_KEY_ID!, secretAccessKey: env.KILN_S3_SECRET_ACCESS_KEY! },
  });
  return {
    put: async (key: string, Body: Buffer) => void (await client.send(new PutObjectCommand({ Bucket: env.KILN_S3_BUCKET, Key: key, Body }))),
    remove: async (key: string) => void (await client.send(new DeleteObjectCommand({ Bucket: env.KILN_S3_BUCKET, Key: key }))),
  };
}

describe.each(STORAGES)('asset item files, stored on %s', (_name, makeStorage) => {
  let storage: StorageUnderTest;
  let hands: ReturnType<typeof storageHands>;
  let stack: Stack;

  beforeAll(async () => {
    storage = await makeStorage();
    hands = storageHands(storage);
    const options = throwawayStackOptions('assetfiles');
    stack = await startStack({ ...options, env: { ...options.env, ...storage.env }, log: () => undefined, childLog: () => undefined });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    await storage?.stop();
  }, 60_000);

  interface Person {
    token: string;
    email: string;
  }

  async function signUp(label: string): Promise<Person> {
    const email = `files-${label}-${randomBytes(4).toString('hex')}@example.com`;
    const answer = await fetch(`${stack.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse', fullName: `Files ${label}` }),
    });
    expect(answer.status).toBe(201);
    return { token: ((await answer.json()) as { token: string }).token, email };
  }

  async function call(method: string, path: string, person?: Person, body?: unknown): Promise<any> {
    const headers: Record<string, string> = person ? { authorization: `Bearer ${person.token}` } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${stack.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const answer = await response.json();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  }

  /** Uploads one file as `person` and makes it an item of the library. */
  async function anItem(person: Person, repo: string, segment: string, name: string, bytes: Buffer, teamId?: string): Promise<AssetItem> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const uploaded = await fetch(`${stack.url}/api/upload?repo=${repo}&folder=2026_11`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const [media] = (await uploaded.json()) as { id: string }[];
    const item = (await call('POST', `/api/workspace/${segment}`, person, { mediaId: media!.id, ...(teamId ? { teamId } : {}) })) as AssetItem;
    // The assets service may be making the derived files: the test takes over once it has finished (ADR 0053).
    await eventually(async () => {
      const record = (await call('GET', `/api/media/${item.mediaId}`, person)) as { preview?: { status: string } };
      expect(record.preview?.status ?? 'none').not.toBe('pending');
    });
    return item;
  }

  const get = (path: string, person?: Person) => fetch(`${stack.url}${path}`, { headers: person ? { authorization: `Bearer ${person.token}` } : {} });

  let owner: Person;
  let stranger: Person;
  beforeAll(async () => {
    [owner, stranger] = await Promise.all([signUp('owner'), signUp('stranger')]);
  });

  it('an SVG: the original only as a download, the sanitised file inline once it is made; both sandboxed and nosniff', async () => {
    const bytes = samples.svg();
    const item = await anItem(owner, 'vector', 'resource-svg', 'Logo ü.svg', bytes);
    const base = `/api/workspace/resource-svg/${item.id}/file`;

    const original = await get(`${base}/original`, owner);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/svg+xml');
    expect(original.headers.get('content-disposition')).toBe(`attachment; filename="Logo _.svg"; filename*=UTF-8''Logo%20%C3%BC.svg`);
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    expect(original.headers.get('content-security-policy')).toBe(CSP);
    expect(Buffer.from(await original.arrayBuffer())).toEqual(bytes);

    await hands.remove(`media/${item.mediaId}.safe.svg`);
    const notYet = await get(`${base}/svg`, owner);
    expect(notYet.status).toBe(404);
    expect(await notYet.json()).toMatchObject({ statusCode: 404, message: ASSET_ITEM_MESSAGES.fileNotReady });

    const safe = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>');
    await hands.put(`media/${item.mediaId}.safe.svg`, safe);
    const served = await get(`${base}/svg`, owner);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-disposition')).toBe('inline');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe(CSP);
    expect(served.headers.get('content-length')).toBe(String(safe.length));
    expect(Buffer.from(await served.arrayBuffer())).toEqual(safe);

    // A vector graphic has no 3D viewer file.
    expect(await (await get(`${base}/view`, owner)).json()).toMatchObject({ statusCode: 404, message: ASSET_ITEM_MESSAGES.fileNone });
  }, 60_000);

  it('an image: its thumbnail as a PNG once made; only someone who may see the item gets a file', async () => {
    const item = await anItem(owner, 'image', 'image', 'Photo.png', samples.png());
    const base = `/api/workspace/image/${item.id}/file`;
    const thumb = samples.png();
    await hands.put(`media/${item.mediaId}.thumb.png`, thumb);
    const served = await get(`${base}/thumbnail`, owner);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toBe('inline');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(thumb);
    const original = await get(`${base}/original`, owner);
    expect([original.status, original.headers.get('content-type'), original.headers.get('content-disposition')]).toEqual([
      200,
      'image/png',
      `attachment; filename="Photo.png"; filename*=UTF-8''Photo.png`,
    ]);
    await original.arrayBuffer();

    for (const variant of ['original', 'thumbnail']) {
      const refused = await get(`${base}/${variant}`, stranger);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ message: ASSET_ITEM_MESSAGES.notFound.image });
      expect((await get(`${base}/${variant}`)).status).toBe(401);
    }
    // The same item under another library's route is not found; an unknown variant is a 400.
    expect((await get(`/api/workspace/object-3-d/${item.id}/file/original`, owner)).status).toBe(404);
    expect((await get(`${base}/secret`, owner)).status).toBe(400);
    // HEAD answers the headers only.
    const head = await fetch(`${stack.url}${base}/thumbnail`, { method: 'HEAD', headers: { authorization: `Bearer ${owner.token}` } });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(thumb.length)]);
  }, 60_000);

  it('a team item: every member reads its files (a viewer too), a stranger does not', async () => {
    const viewer = await signUp('viewer');
    const team = await call('POST', '/api/workspace/team/my', owner, { name: 'File Team' });
    await call('POST', '/api/workspace/team-member/invite', owner, { teamId: team.id, email: viewer.email, role: 'viewer' });
    const item = await anItem(owner, 'object3d', 'object-3-d', 'Bracket.stl', samples.binaryStl(), team.id);
    const original = await get(`/api/workspace/object-3-d/${item.id}/file/original`, viewer);
    expect([original.status, original.headers.get('content-type')]).toEqual([200, 'model/stl']);
    expect(Buffer.from(await original.arrayBuffer())).toEqual(samples.binaryStl());
    await hands.put(`media/${item.mediaId}.view.glb`, samples.glb());
    const view = await get(`/api/workspace/object-3-d/${item.id}/file/view`, viewer);
    expect([view.status, view.headers.get('content-type')]).toEqual([200, 'model/gltf-binary']);
    expect(Buffer.from(await view.arrayBuffer())).toEqual(samples.glb());
    expect((await get(`/api/workspace/object-3-d/${item.id}/file/view`, stranger)).status).toBe(404);
  }, 60_000);
});
