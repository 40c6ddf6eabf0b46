import { MEDIA_MESSAGES } from '@kiln/contracts';
import { PLUGIN_MESSAGES } from '@kiln/domain';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import * as net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Socket } from 'socket.io-client';
import { Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';
import { eventually } from '../../deploy/test/support/eventually';
import { UPLOAD_MESSAGES } from '../src/uploads/upload.controller';
import { buildingPlugin } from '../../services/plugin-registry/test/support/fixtures';
import { openSocket, Push } from './support/sockets';

/**
 * Uploads and media over the whole real stack (ADR 0033): POST /api/upload streams into the storage folder
 * and the assets service registers the file for its uploader; assign-zip-file takes only one's own zip;
 * limits answer 413 with nothing stored; the BFF's memory stays flat while a large file streams. And the
 * plugin channels (spec 001 §4) reach the plugin's author, never a stranger.
 */
const MB = 1024 * 1024;
let stack: Stack;
let storageDir: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), 'kiln-uploads-'));
  mkdirSync(join(storageDir, 'media'));
  const options = throwawayStackOptions('uploads');
  stack = await startStack({
    ...options,
    env: { ...options.env, KILN_STORAGE_DIR: storageDir, KILN_UPLOAD_MAX_BYTES_PLUGIN: String(128 * MB), KILN_UPLOAD_MAX_BYTES_MEDIA: String(1 * MB) },
    log: () => undefined,
    childLog: () => undefined,
  });
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack?.stop();
  rmSync(storageDir, { recursive: true, force: true });
}, 60_000);

const stored = () =>
  readdirSync(join(storageDir, 'media'), { withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => f.name)
    .sort();

async function http(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function signUp() {
  const email = `up-${randomBytes(5).toString('hex')}@example.com`;
  const answer = await fetch(`${stack.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse', fullName: 'Uploader' }),
  });
  expect(answer.status).toBe(201);
  const { token, user } = await answer.json();
  return { token: token as string, id: user.id as string };
}

async function upload(token: string, content: Buffer, filename: string, query = '?repo=plugin&folder=%40kiln%2Fgears%2F1_0_0') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), filename);
  const response = await fetch(`${stack.url}/api/upload${query}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: await response.json() };
}

async function pluginWithVersion(token: string) {
  const plugin = await http('POST', '/api/bgpm/plugin/create-plugin', token, {
    name: `Gears ${randomBytes(3).toString('hex')}`,
    pluginId: `@kiln/gears-${randomBytes(4).toString('hex')}`,
    description: '<p>Gears</p>',
    type: 'library',
  });
  expect(plugin.status).toBe(201);
  expect((await http('POST', '/api/bgpm/plugin-version/create-new-version', token, { pluginId: plugin.body.id, version: '1.0.0' })).status).toBe(201);
  return plugin.body.id as string;
}

/** Every push of the plugin channels the socket receives from now on. */
function pluginPushes(socket: Socket) {
  const seen: (Push & { channel: string })[] = [];
  for (const channel of ['bgpm-plugin-action', 'bgpm-plugin-version', 'bgpm-plugin-log']) socket.on(channel, (m: Push) => seen.push({ channel, ...m }));
  return seen;
}

/** Writes the request head, then the chunks slowly, and stops once the answer has come (as a browser would). */
async function sendSlowly(head: string, chunks: Iterable<Buffer>): Promise<{ answer: string; sentAll: boolean }> {
  const { hostname, port } = new URL(stack.url);
  const socket = net.connect(Number(port), hostname);
  let answer = '';
  const answered = new Promise<void>((resolve) => {
    socket.on('data', (data) => ((answer += data.toString()), answer.includes('\r\n\r\n') && resolve()));
    socket.on('close', () => resolve());
  });
  socket.on('error', () => undefined); // the server may reset the connection once it answered
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(head);
  let done = false;
  void answered.then(() => (done = true));
  let sentAll = true;
  for (const chunk of chunks) {
    if (done || socket.destroyed) {
      sentAll = false;
      break;
    }
    socket.write(chunk);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await answered;
  socket.destroy();
  return { answer, sentAll };
}

function* repeat(chunk: Buffer, times: number) {
  for (let i = 0; i < times; i++) yield chunk;
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

describe('POST /api/upload and assign-zip-file', () => {
  it(
    'uploads a zip for its uploader, who attaches it and hears the version and its steps live; a stranger can neither read nor attach it, ' +
      'nor hears anything',
    async () => {
      const author = await signUp();
      const stranger = await signUp();
      const zip = await buildingPlugin();
      const answer = await upload(author.token, zip, 'gears.zip');
      expect(answer.status).toBe(201);
      const [media] = answer.body;
      expect(media).toMatchObject({
        type: 'plugin',
        name: 'gears.zip',
        folder: '@kiln/gears/1_0_0',
        size: zip.length,
        sha256: createHash('sha256').update(zip).digest('hex'),
        authorId: author.id,
        path: `media/${media.id}`,
      });
      expect(readFileSync(join(storageDir, 'media', media.id)).equals(zip)).toBe(true);

      expect(await http('GET', `/api/media/${media.id}`, author.token)).toMatchObject({ status: 200, body: { id: media.id } });
      expect(await http('GET', `/api/media/${media.id}`, stranger.token)).toMatchObject({ status: 404, body: { message: "Media doesn't exist" } });

      const authorSeen = pluginPushes(await openSocket(stack.url, sockets, { token: author.token }));
      const strangerSeen = pluginPushes(await openSocket(stack.url, sockets, { token: stranger.token }));

      // The stranger's own version cannot take the author's upload.
      const strangersPlugin = await pluginWithVersion(stranger.token);
      expect(await http('PATCH', `/api/bgpm/plugin-version/assign-zip-file/${strangersPlugin}/1.0.0`, stranger.token, { mediaId: media.id })).toMatchObject({
        status: 404,
        body: { message: "Media doesn't exist" },
      });

      const pluginId = await pluginWithVersion(author.token);
      const assigned = await http('PATCH', `/api/bgpm/plugin-version/assign-zip-file/${pluginId}/1.0.0`, author.token, { mediaId: media.id });
      expect(assigned).toMatchObject({ status: 200, body: { mediaId: media.id, status: 'pending' } });
      expect((await http('POST', '/api/bgpm/plugin-action/publish', author.token, { pluginId, version: '1.0.0' })).body.running).toBe(true);

      // Live: the version (created, zip attached, …), its five steps, and log lines, to the author only.
      await eventually(() => {
        const mine = authorSeen.filter((p) => p.data.pluginId === pluginId);
        expect(mine).toContainEqual(
          expect.objectContaining({ channel: 'bgpm-plugin-version', verb: 'update', data: expect.objectContaining({ mediaId: media.id }) }),
        );
        expect(new Set(mine.filter((p) => p.channel === 'bgpm-plugin-action').map((p) => p.data.action))).toEqual(
          new Set(['unzip', 'install', 'build', 'grab', 'deploy']),
        );
        expect(mine).toContainEqual(
          expect.objectContaining({ channel: 'bgpm-plugin-action', data: expect.objectContaining({ action: 'unzip', status: 'success' }) }),
        );
        expect(mine.some((p) => p.channel === 'bgpm-plugin-log' && p.verb === 'create')).toBe(true);
      }, 30_000);
      // The version push carries the version, not the event's bookkeeping.
      const versionPush = authorSeen.find((p) => p.channel === 'bgpm-plugin-version')!;
      expect(versionPush.data).not.toHaveProperty('authorId');
      expect(versionPush.data).not.toHaveProperty('actions');
      expect(strangerSeen.filter((p) => p.data.pluginId === pluginId)).toEqual([]);
    },
    60_000,
  );

  it('refuses what is not a zip with 400 and keeps nothing', async () => {
    const { token } = await signUp();
    const before = stored();
    expect(await upload(token, Buffer.from('plain text, not a zip'), 'gears.zip')).toMatchObject({ status: 400, body: { message: PLUGIN_MESSAGES.zipOnly } });
    expect(await upload(token, Buffer.from('plain text, not a zip'), 'gears.txt')).toMatchObject({ status: 400, body: { message: PLUGIN_MESSAGES.zipOnly } });
    expect(stored()).toEqual(before);
  });

  it('refuses a body that is not multipart (415), a folder with dots (400), no file (400)', async () => {
    const { token } = await signUp();
    expect((await http('POST', '/api/upload?repo=plugin', token, { file: 'x' })).status).toBe(415);
    expect(await upload(token, Buffer.from('PK\x03\x04'), 'a.zip', '?repo=plugin&folder=..%2Fetc')).toMatchObject({
      status: 400,
      body: { message: MEDIA_MESSAGES.badFolder },
    });
    const form = new FormData();
    form.append('folder', '2026_11');
    const response = await fetch(`${stack.url}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: MEDIA_MESSAGES.noFile });
    expect((await fetch(`${stack.url}/api/upload`, { method: 'POST', body: new FormData() })).status).toBe(401);
  });

  it('answers a refused small body every time: the answer is never lost to a reset connection', async () => {
    const { token } = await signUp();
    // A refusal that closed the connection with the body unread in its buffer made the kernel reset it:
    // the browser saw a network error instead of the message (about one time in four).
    for (let i = 0; i < 25; i++) {
      expect(await http('POST', '/api/upload?repo=plugin', token, { file: 'x'.repeat(2000) })).toEqual({
        status: 415,
        body: expect.objectContaining({ message: UPLOAD_MESSAGES.notMultipart }),
      });
      expect((await upload(token, Buffer.alloc(3000, 1), 'a.zip', '?repo=plugin&folder=..%2Fetc')).status).toBe(400);
      const form = new FormData();
      form.append('folder', '2026_11');
      expect((await fetch(`${stack.url}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).status).toBe(400);
      expect((await fetch(`${stack.url}/api/upload`, { method: 'POST', body: new FormData() })).status).toBe(401);
    }
  });

  it('answers 413 to an announced size over the limit before reading the body, and stores nothing', async () => {
    const { token } = await signUp();
    const before = stored();
    const { host } = new URL(stack.url);
    const total = 200 * MB;
    const head =
      `POST /api/upload?repo=plugin HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\nContent-Type: ` +
      `multipart/form-data; boundary=xyz\r\nContent-Length: ${total}\r\n\r\n`;
    const { answer, sentAll } = await sendSlowly(head, repeat(Buffer.alloc(64 * 1024, 1), total / (64 * 1024)));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('The file is larger than the limit of 128 MB.');
    expect(sentAll).toBe(false);
    expect(stored()).toEqual(before);
  }, 60_000);

  it('cuts off a streamed file at the limit with 413 and removes the part already written', async () => {
    const { token } = await signUp();
    const before = stored();
    const { host } = new URL(stack.url);
    const head =
      `POST /api/upload?repo=media HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\nContent-Type: ` +
      `multipart/form-data; boundary=xyz\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const chunked = (b: Buffer) => Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]);
    const part = chunked(
      Buffer.from('--xyz\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n'),
    );
    // 4 MB of file against a 1 MB limit, never finished: the answer must come before the end.
    const bff = stack.pids().bff;
    const { answer, sentAll } = await sendSlowly(head, [part, ...repeat(chunked(Buffer.alloc(64 * 1024, 7)), 64)]);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('The file is larger than the limit of 1 MB.');
    expect(sentAll).toBe(false);
    await eventually(() => expect(stored()).toEqual(before));
    // The parser's late events after the answer went out are harmless: the BFF is the same process.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stack.pids().bff).toBe(bff);
    expect((await fetch(`${stack.url}/api/health`)).status).toBe(200);
  }, 60_000);

  it("streams a large file without holding it: the BFF's resident memory grows far less than the file", async () => {
    const { token } = await signUp();
    const pid = stack.pids().bff!;
    const size = 96 * MB;
    const boundary = 'kilnboundary';
    const opening = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.zip"\r\nContent-Type: application/zip\r\n\r\nPK\x03\x04`,
    );
    const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(256 * 1024, 0x5a);
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
    try {
      // Written as it is sent, with backpressure (chunked): the test holds no more of it than the BFF should.
      const { hostname, port } = new URL(stack.url);
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: hostname,
            port,
            path: '/api/upload?repo=plugin',
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
          },
          (res) => {
            let body = '';
            res.on('data', (d) => (body += d));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          },
        );
        req.on('error', reject);
        req.write(opening);
        let sent = 4;
        const write = () => {
          while (sent < size) {
            const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
            sent += piece.length;
            if (!req.write(piece)) return void req.once('drain', write);
          }
          req.end(closing);
        };
        write();
      });
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.body)[0].size).toBe(size);
    } finally {
      clearInterval(sampler);
    }
    // Holding the file would grow it by the whole 96 MB; the bound leaves room for a GC that runs late on a
    // loaded machine (two suites at a time; 38 MB was seen once). The tight goal is the bench's (200 MB, 64 MB).
    expect(peak - baseline).toBeLessThan(size / 2);
  }, 60_000);
});
