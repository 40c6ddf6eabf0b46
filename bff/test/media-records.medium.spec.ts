import { Media, MEDIA_MESSAGES } from '@kiln/contracts';
import * as samples from '../../domain/src/assets/upload-samples.test-support';
import { Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';
import { stackHttp } from '../../services/workspace/test/support/stack-http';

/**
 * Media records (spec 001 §7 `GET /api/media/{id}`, `POST /api/media/`; ADR 0052): the uploader reads their
 * own; a team's members read the file of a team item made of it; a stranger, and a member once the item is
 * gone, get 404 (one) or nothing (several), so an id reveals nothing.
 */
let stack: Stack;
interface Person {
  token: string;
  email: string;
}

beforeAll(async () => {
  const options = throwawayStackOptions('mediarec');
  stack = await startStack({ ...options, log: () => undefined, childLog: () => undefined });
}, 120_000);
afterAll(async () => stack?.stop(), 60_000);

const api = stackHttp(() => stack.url, 'media');
const http = (method: string, path: string, person: Person | null, body?: unknown) => api.http(method, path, person?.token, body);
const ok = (method: string, path: string, person: Person, body?: unknown) => api.ok(method, path, person.token, body);
const signUp = (label: string): Promise<Person> => api.signUp(label);

async function upload(person: Person, name: string, bytes: Buffer): Promise<Media> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const answer = await fetch(`${stack.url}/api/upload?repo=image&folder=2026_11`, {
    method: 'POST',
    headers: { authorization: `Bearer ${person.token}` },
    body: form,
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as Media[])[0]!;
}

it('the uploader, and a team member through a team image, read the record; a stranger and a former reader do not', async () => {
  const [owner, viewer, stranger] = await Promise.all([signUp('owner'), signUp('viewer'), signUp('stranger')]);
  const teamId = (await ok('POST', '/api/workspace/team/my', owner, { name: 'Media Team' })).id as string;
  await ok('POST', '/api/workspace/team-member/invite', owner, { teamId, email: viewer.email, role: 'viewer' });

  const inTeam = await upload(owner, 'Team.png', samples.png());
  const personal = await upload(owner, 'Mine.png', samples.png());
  expect((await ok('GET', `/api/media/${personal.id}`, owner)).id).toBe(personal.id);

  // Before it is any item, the team's viewer cannot read the owner's upload.
  expect(await http('GET', `/api/media/${inTeam.id}`, viewer)).toEqual({ status: 404, body: { statusCode: 404, message: MEDIA_MESSAGES.notFound } });
  const item = await ok('POST', '/api/workspace/image', owner, { mediaId: inTeam.id, teamId });
  expect((await ok('GET', `/api/media/${inTeam.id}`, viewer)).id).toBe(inTeam.id);
  expect((await http('GET', `/api/media/${inTeam.id}`, stranger)).status).toBe(404);
  expect((await http('GET', `/api/media/${personal.id}`, viewer)).status).toBe(404);

  // Several at once: in the order asked, the unreadable left out.
  const unknown = '0'.repeat(24);
  expect(((await ok('POST', '/api/media/', owner, { ids: [personal.id, unknown, inTeam.id] })) as Media[]).map((m) => m.id)).toEqual([personal.id, inTeam.id]);
  expect(((await ok('POST', '/api/media/', viewer, { ids: [personal.id, inTeam.id] })) as Media[]).map((m) => m.id)).toEqual([inTeam.id]);
  expect(await ok('POST', '/api/media/', stranger, { ids: [personal.id, inTeam.id] })).toEqual([]);
  expect((await http('POST', '/api/media/', owner, { ids: [] })).status).toBe(400);
  expect((await http('POST', '/api/media/', null, { ids: [personal.id] })).status).toBe(401);

  // The item gone, its file is the uploader's alone again.
  await ok('DELETE', `/api/workspace/image/${item.id}`, owner);
  expect((await http('GET', `/api/media/${inTeam.id}`, viewer)).status).toBe(404);
  expect((await ok('GET', `/api/media/${inTeam.id}`, owner)).id).toBe(inTeam.id);
}, 90_000);

it('the bytes of a texture image go to its reader only, and no other repo is served by the media file route', async () => {
  const [owner, stranger] = await Promise.all([signUp('fileowner'), signUp('filestranger')]);
  const bytes = samples.png();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'diffuse.png');
  const uploaded = await fetch(`${stack.url}/api/upload?repo=texture&folder=2026_11`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const map = ((await uploaded.json()) as Media[])[0]!;

  const answer = await fetch(`${stack.url}/api/media/${map.id}/file`, { headers: { authorization: `Bearer ${owner.token}` } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('image/png');
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);

  expect(await http('GET', `/api/media/${map.id}/file`, stranger)).toEqual({ status: 404, body: { statusCode: 404, message: MEDIA_MESSAGES.notFound } });
  // An image-library upload has its own file routes (thumbnail, original as a download): not this one.
  const image = await upload(owner, 'Plain.png', samples.png());
  expect((await http('GET', `/api/media/${image.id}/file`, owner)).status).toBe(404);
}, 60_000);
