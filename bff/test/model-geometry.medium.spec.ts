import { ASSET_ITEM_MESSAGES, COMMON_MESSAGES, MODEL_GEOMETRY_MESSAGES } from '@kiln/contracts';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';
import { eventually } from '../../deploy/test/support/eventually';
import { stackHttp } from '../../services/workspace/test/support/stack-http';
import { boxGlb } from './support/box-glb';

/**
 * A model's geometry over the BFF (issue 18; ADR 0054): a real .glb uploaded as a 3D object becomes a model's
 * geometry (PATCH /api/workspace/model/{id}/geometry), and `GET /api/workspace/model/{id}/geometry`, `/view`
 * and `/thumbnail` give it to whoever may see the model: its people by their role, anyone (signed in or not)
 * through its 'Everyone' link; everyone else gets a missing model's 404 and not a byte. And the frame headers:
 * `/embed/{id}` may be framed by any site, nothing else may.
 */
let stack: Stack;
let storageDir: string;

beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), 'kiln-geometry-'));
  const options = throwawayStackOptions('geometry');
  stack = await startStack({
    ...options,
    env: { ...options.env, KILN_STORAGE: 'local', KILN_STORAGE_DIR: storageDir },
    log: () => undefined,
    childLog: () => undefined,
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(storageDir, { recursive: true, force: true });
}, 60_000);

interface Person {
  token: string;
  email: string;
}

async function http(method: string, path: string, person?: Person, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = person ? { authorization: `Bearer ${person.token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${stack.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const api = stackHttp(() => stack.url, 'geometry');
const ok = (method: string, path: string, person?: Person, body?: unknown) => api.ok(method, path, person?.token, body);
const signUp = (label: string): Promise<Person> => api.signUp(label);

const GLB = boxGlb();

/**
 * A .glb uploaded (POST /api/upload, repo object3d) and made a 3D object of the person's; its viewer file
 * `media/<id>.view.glb` is the assets service's to derive (ADR 0053): when it has not (yet), the test writes
 * the same bytes there itself, as the derivation of a glb would.
 */
async function a3dObject(person: Person, scope: { teamId?: string } = {}): Promise<{ id: string; mediaId: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(GLB)]), 'bracket.glb');
  const response = await fetch(`${stack.url}/api/upload?repo=object3d&folder=2026_11`, {
    method: 'POST',
    headers: { authorization: `Bearer ${person.token}` },
    body: form,
  });
  const media = (await response.json()) as { id: string }[];
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${JSON.stringify(media)}`);
  const item = await ok('POST', '/api/workspace/object-3-d', person, { mediaId: media[0]!.id, ...scope });
  const view = join(storageDir, 'media', `${media[0]!.id}.view.glb`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (!existsSync(view)) writeFileSync(view, GLB);
  return { id: item.id, mediaId: media[0]!.id };
}

const notFound = { statusCode: 404, message: COMMON_MESSAGES.modelNotFound };

describe('GET /api/workspace/model/{id}/geometry, /view, /thumbnail', () => {
  let owner: Person, stranger: Person, friend: Person;
  let modelId: string;
  let object: { id: string; mediaId: string };

  beforeAll(async () => {
    [owner, stranger, friend] = await Promise.all(['owner', 'stranger', 'friend'].map(signUp));
    modelId = (await ok('POST', '/api/workspace/model', owner, { name: 'Bracket' })).id;
    object = await a3dObject(owner);
    const model = await ok('PATCH', `/api/workspace/model/${modelId}/geometry`, owner, { object3dId: object.id });
    expect(model.geometry).toEqual({ object3dId: object.id, mediaId: object.mediaId });
  }, 60_000);

  it('gives the owner the glb with its type, nosniff and a CSP that runs nothing; /view names it', async () => {
    const answer = await http('GET', `/api/workspace/model/${modelId}/geometry`, owner);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('model/gltf-binary');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('glTF');
    await expect(ok('GET', `/api/workspace/model/${modelId}/view`, owner)).resolves.toEqual({ id: modelId, name: 'Bracket', hasGeometry: true });
  });

  it('refuses a private model to a stranger and to an anonymous caller with the 404 of a missing model, not a byte', async () => {
    for (const who of [stranger, undefined]) {
      for (const what of ['geometry', 'view', 'thumbnail']) {
        const answer = await http('GET', `/api/workspace/model/${modelId}/${what}`, who);
        expect([what, answer.status, await answer.json()]).toEqual([what, 404, notFound]);
      }
    }
    // A session that no longer holds reads as no one (not a 401: the embed page has no sign-in).
    const expired = await http('GET', `/api/workspace/model/${modelId}/geometry`, { token: 'no-such-session', email: '' });
    expect(expired.status).toBe(404);
  });

  it('gives it to a person it is shared with, and to anyone, anonymous callers too, through the ‘Everyone’ link', async () => {
    await ok('PATCH', `/api/workspace/model/share/${modelId}`, owner, { email: friend.email, role: 'viewer' });
    await eventually(async () => expect((await http('GET', `/api/workspace/model/${modelId}/geometry`, friend)).status).toBe(200));

    await ok('PATCH', `/api/workspace/model/share-with-everyone/${modelId}`, owner, { shareAs: 'viewer' });
    await eventually(async () => expect((await http('GET', `/api/workspace/model/${modelId}/geometry`)).status).toBe(200));
    const anonymous = await http('GET', `/api/workspace/model/${modelId}/geometry`);
    expect(
      Buffer.from(await anonymous.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('glTF');
    await expect(ok('GET', `/api/workspace/model/${modelId}/view`, stranger)).resolves.toMatchObject({ hasGeometry: true });

    // Private again: the link gives nothing any more.
    await ok('PATCH', `/api/workspace/model/share-with-everyone/${modelId}`, owner, { shareAs: 'private' });
    await eventually(async () => expect((await http('GET', `/api/workspace/model/${modelId}/geometry`)).status).toBe(404));
  });

  it('answers a sentence while a derived file is not there, and for a model without geometry', async () => {
    // The thumbnail is the assets service's; without it the card keeps its cube.
    const thumb = join(storageDir, 'media', `${object.mediaId}.thumb.png`);
    if (!existsSync(thumb)) {
      const answer = await http('GET', `/api/workspace/model/${modelId}/thumbnail`, owner);
      expect([answer.status, await answer.json()]).toEqual([404, { statusCode: 404, message: MODEL_GEOMETRY_MESSAGES.notReady }]);
    }
    const bare = (await ok('POST', '/api/workspace/model', owner, { name: 'No geometry' })).id;
    const answer = await http('GET', `/api/workspace/model/${bare}/geometry`, owner);
    expect([answer.status, await answer.json()]).toEqual([404, { statusCode: 404, message: MODEL_GEOMETRY_MESSAGES.noGeometry }]);
    await expect(ok('GET', `/api/workspace/model/${bare}/view`, owner)).resolves.toEqual({ id: bare, name: 'No geometry', hasGeometry: false });
  });

  it('refuses to set geometry to a stranger (404) and from someone else’s 3D object (404 for the object)', async () => {
    const privateModel = (await ok('POST', '/api/workspace/model', owner, { name: 'Private bracket' })).id;
    const refused = await http('PATCH', `/api/workspace/model/${privateModel}/geometry`, stranger, { object3dId: object.id });
    expect([refused.status, await refused.json()]).toEqual([404, notFound]);
    const theirs = await a3dObject(stranger);
    const foreign = await http('PATCH', `/api/workspace/model/${privateModel}/geometry`, owner, { object3dId: theirs.id });
    expect([foreign.status, await foreign.json()]).toEqual([404, { statusCode: 404, message: ASSET_ITEM_MESSAGES.notFound.object3d }]);
  });
});

describe('frame headers', () => {
  it('let any site frame /embed/{id}, and nothing else', async () => {
    const embed = await http('GET', `/embed/${randomBytes(12).toString('hex')}`);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('content-security-policy')).toMatch(/frame-ancestors \*(;|$)/);

    for (const path of ['/', '/api/auth/me', '/favorites', `/api/workspace/model/${randomBytes(12).toString('hex')}/geometry`, '/embed/a/b']) {
      const answer = await http('GET', path);
      expect([path, answer.headers.get('x-frame-options')]).toEqual([path, 'DENY']);
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});
