import { MEDIA_MESSAGES, UPLOAD_KIND_RULES } from '@kiln/contracts';
import * as samples from '../../domain/src/assets/upload-samples.test-support';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import * as net from 'node:net';
import { Client } from 'pg';
import { Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';
import { eventually } from '../../deploy/test/support/eventually';
import { STORAGES, StorageUnderTest } from './support/storages';

/**
 * POST /api/upload for every kind of spec 001 §8 over the whole real stack (ADR 0050), the same cases
 * against each storage (local disk, and an S3-compatible server the test runs): each kind's real small
 * files accepted, several in one request; a name or bytes not of the kind refused with 415; past the
 * kind's limit 413, by the announced length or while streaming; and whatever is refused stores nothing,
 * in storage or in the media table.
 */
const MB = 1024 * 1024;
const OBJECT3D_LIMIT = 1 * MB;

describe.each(STORAGES)('uploads of every kind, stored on %s', (_name, makeStorage, canGoDown) => {
  let storage: StorageUnderTest;
  let stack: Stack;
  let db: Client;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    storage = await makeStorage();
    const options = throwawayStackOptions('uploadkinds');
    stack = await startStack({
      ...options,
      env: { ...options.env, ...storage.env, KILN_UPLOAD_MAX_BYTES_OBJECT3D: String(OBJECT3D_LIMIT), KILN_UPLOAD_MAX_BYTES_PLUGIN: String(256 * MB) },
      log: () => undefined,
      childLog: () => undefined,
    });
    db = new Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const answer = await fetch(`${stack.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `kinds-${randomBytes(5).toString('hex')}@example.com`, password: 'correct horse', fullName: 'Uploader' }),
    });
    expect(answer.status).toBe(201);
    ({
      token,
      user: { id: userId },
    } = await answer.json());
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
    await storage?.stop();
  }, 60_000);

  const mediaRows = async () => Number((await db.query('SELECT count(*) AS n FROM assets.media')).rows[0].n);

  async function upload(repo: string, files: [string, Buffer][]) {
    const form = new FormData();
    for (const [name, bytes] of files) form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${stack.url}/api/upload?repo=${repo}&folder=2026_11`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  }

  /** Sends a request by hand (the head as given, then the body slowly) and reads the answer that comes, perhaps before the end. */
  async function sendRaw(head: string, chunks: Buffer[]): Promise<{ answer: string; sentAll: boolean }> {
    const { hostname, port } = new URL(stack.url);
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    const answered = new Promise<void>((resolve) => {
      socket.on('data', (data) => ((answer += data.toString()), answer.includes('\r\n\r\n') && resolve()));
      socket.on('close', () => resolve());
    });
    socket.on('error', () => undefined);
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
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await answered;
    socket.destroy();
    return { answer, sentAll };
  }

  const multipartHead = (repo: string, length: number) =>
    `POST /api/upload?repo=${repo}&folder=2026_11 HTTP/1.1\r\nHost: ${new URL(stack.url).host}\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${length}\r\n\r\n`;
  const filePart = (filename: string) =>
    Buffer.from(`--xyz\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);

  const chunksOf = (body: Buffer, size = 64 * 1024) => Array.from({ length: Math.ceil(body.length / size) }, (_, i) => body.subarray(i * size, (i + 1) * size));

  /**
   * Runs `refused` and checks that nothing was kept: no file in storage, no media row. The files accepted
   * before are first left to finish their processing (ADR 0053: their derived files land afterwards, and
   * their conversions would compete for the CPU with the streaming checks).
   */
  async function storesNothing(refused: () => Promise<void>) {
    await eventually(
      async () => expect(Number((await db.query("SELECT count(*) AS n FROM assets.media WHERE preview_status = 'pending'")).rows[0].n)).toBe(0),
      60_000,
    );
    const [files, rows] = [await storage.stored(), await mediaRows()];
    await refused();
    await eventually(async () => expect(await storage.stored()).toEqual(files));
    expect(await mediaRows()).toBe(rows);
  }

  it.each([
    ['font', ['otf', 'ttf']],
    ['vector', ['svg', 'dxf']],
    ['image', ['png', 'jpeg', 'jpg', 'webp', 'gif']],
    ['object3d', ['glb', 'obj', 'stl', '3ds', '3dm', 'step', 'stp', 'iges', 'igs']],
  ])(
    'takes real %s files, several in one request, and answers the list of created media',
    async (repo, extensions) => {
      const files = extensions.map((ext): [string, Buffer] => [`sample.${ext}`, samples.SAMPLES[ext]!()]);
      if (repo === 'object3d') files.push(['binary.stl', samples.binaryStl()]);
      // The kind's own number of files a request: more go in several requests, as the web app sends them.
      const max = UPLOAD_KIND_RULES[repo as 'font'].maxFiles;
      const created = [];
      for (let i = 0; i < files.length; i += max) {
        const answer = await upload(repo, files.slice(i, i + max));
        expect(answer.status).toBe(201);
        created.push(...answer.body);
      }
      expect(created).toHaveLength(files.length);
      for (const [index, [name, bytes]] of files.entries()) {
        const media = created[index];
        expect(media).toMatchObject({
          type: repo,
          name,
          folder: '2026_11',
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          authorId: userId,
          path: `media/${media.id}`,
        });
        expect((await storage.read(`media/${media.id}`)).equals(bytes)).toBe(true);
        expect((await db.query('SELECT repo, author_id FROM assets.media WHERE id = $1', [media.id])).rows).toEqual([{ repo, author_id: userId }]);
      }
    },
    60_000,
  );

  it('refuses a .png that is not a PNG, an .otf that is a zip, a cut glb, a binary stl of the wrong size (415 with a sentence), storing nothing', async () => {
    const cases: [string, string, Buffer][] = [
      ['image', 'photo.png', samples.jpeg()],
      ['image', 'photo.png', Buffer.from('<html>'.repeat(20_000))],
      ['font', 'font.otf', samples.zip()],
      ['object3d', 'part.glb', samples.glb().subarray(0, 30)],
      ['object3d', 'part.stl', Buffer.concat([samples.binaryStl(), Buffer.alloc(10)])],
      ['vector', 'drawing.svg', Buffer.from('<html><body><svg></svg></body></html>')],
    ];
    for (const [repo, name, bytes] of cases) {
      await storesNothing(async () => {
        expect(await upload(repo, [[name, bytes]])).toEqual({
          status: 415,
          body: expect.objectContaining({ message: MEDIA_MESSAGES.notWhatItSays(name, name.split('.').pop()!) }),
        });
      });
    }
  });

  it('refuses a file by its first bytes while it streams: the 415 comes before the rest is sent', async () => {
    await storesNothing(async () => {
      const body = Buffer.concat([filePart('movie.png'), Buffer.from('<html>'), Buffer.alloc(9 * MB, 0x20), Buffer.from('\r\n--xyz--\r\n')]);
      const { answer, sentAll } = await sendRaw(multipartHead('image', body.length), chunksOf(body));
      expect(answer).toMatch(/^HTTP\/1\.1 415 /);
      expect(answer).toContain(MEDIA_MESSAGES.notWhatItSays('movie.png', 'png'));
      expect(sentAll).toBe(false);
    });
  }, 60_000);

  it('refuses a name the kind does not take (415), and a whole request when one of its files is refused', async () => {
    await storesNothing(async () => {
      expect(await upload('image', [['photo.bmp', samples.png()]])).toEqual({
        status: 415,
        body: expect.objectContaining({ message: 'Only .png, .jpeg, .jpg, .webp, .gif files can be uploaded as images.' }),
      });
    });
    await storesNothing(async () => {
      expect(
        await upload('image', [
          ['a.png', samples.png()],
          ['b.gif', samples.gif()],
          ['c.webp', samples.png()],
        ]),
      ).toMatchObject({ status: 415, body: { message: MEDIA_MESSAGES.notWhatItSays('c.webp', 'webp') } });
    });
    await storesNothing(async () => {
      const many = Array.from({ length: 21 }, (_, i): [string, Buffer] => [`f${i}.ttf`, samples.ttf()]);
      expect(await upload('font', many)).toMatchObject({ status: 400, body: { message: MEDIA_MESSAGES.tooManyFiles(20) } });
    });
  });

  it("cuts off a file past its kind's limit while it streams (413) and keeps nothing of it", async () => {
    await storesNothing(async () => {
      // A real font's head, then more than the 3 MB fonts may weigh; the announced length is within the request's ceiling.
      const body = Buffer.concat([filePart('big.ttf'), samples.ttf(), Buffer.alloc(16 * MB), Buffer.from('\r\n--xyz--\r\n')]);
      const { answer, sentAll } = await sendRaw(multipartHead('font', body.length), chunksOf(body));
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain(MEDIA_MESSAGES.tooLarge(3 * MB));
      expect(sentAll).toBe(false);
    });
    await storesNothing(async () => {
      // (By hand: a client sending on after the answer sees its connection closed, and fetch would report only that.)
      // Within the request's ceiling (5 files of 1 MB), in 16 KB chunks: the client writes on a timer, so a loaded machine has
      // at least half a second to answer before it is done.
      const body = Buffer.concat([filePart('big.glb'), samples.glb(), Buffer.alloc(4 * OBJECT3D_LIMIT), Buffer.from('\r\n--xyz--\r\n')]);
      const { answer, sentAll } = await sendRaw(multipartHead('object3d', body.length), chunksOf(body, 16 * 1024));
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain(MEDIA_MESSAGES.tooLarge(OBJECT3D_LIMIT));
      expect(sentAll).toBe(false);
    });
  }, 60_000);

  it('streams a file of several storage parts whole, and cuts one past the limit mid-way', async () => {
    // 7 MB: more than one 5 MB part of an S3 multipart upload.
    const large = Buffer.concat([samples.png(), Buffer.alloc(7 * MB, 0x42)]);
    const answer = await upload('image', [['large.png', large]]);
    expect(answer).toMatchObject({ status: 201, body: [{ size: large.length, sha256: createHash('sha256').update(large).digest('hex') }] });
    expect((await storage.read(`media/${answer.body[0].id}`)).equals(large)).toBe(true);
    await storesNothing(async () => {
      const body = Buffer.concat([filePart('huge.png'), samples.png(), Buffer.alloc(40 * MB), Buffer.from('\r\n--xyz--\r\n')]);
      const { answer: refused, sentAll } = await sendRaw(multipartHead('image', body.length), chunksOf(body));
      expect(refused).toMatch(/^HTTP\/1\.1 413 /);
      expect(refused).toContain(MEDIA_MESSAGES.tooLarge(10 * MB));
      expect(sentAll).toBe(false);
    });
  }, 60_000);

  it('streams a large file into storage without holding it: the BFF grows by far less than the 192 MB file', async () => {
    const pid = stack.pids().bff!;
    const size = 192 * MB;
    const opening = Buffer.concat([filePart('large.zip'), Buffer.from('PK\x03\x04', 'latin1')]);
    const chunk = Buffer.alloc(256 * 1024, 0x5a);
    const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
    const baseline = rss();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
    try {
      // Written with backpressure (chunked): the test holds no more of it than the BFF should.
      const { hostname, port } = new URL(stack.url);
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: hostname,
            port,
            path: '/api/upload?repo=plugin&folder=big',
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
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
          req.end(Buffer.from('\r\n--xyz--\r\n'));
        };
        write();
      });
      expect(answer.status).toBe(201);
      const [media] = JSON.parse(answer.body);
      expect(media.size).toBe(size);
      expect((await storage.read(`media/${media.id}`)).length).toBe(size);
    } finally {
      clearInterval(sampler);
    }
    // Issue 18's budget for a 200 MB upload: the BFF grows by 64 MB at most.
    // Streaming, not holding: far less than the file. The goal (at most 64 MB for 200 MB) is a memory
    // goal, measured by the bench on a quiet machine; here two suites run at a time and a GC may come late.
    expect(peak - baseline).toBeLessThan(size / 2);
  }, 120_000);

  it('answers 413 to an announced length past the request ceiling before reading the body', async () => {
    await storesNothing(async () => {
      const total = 64 * MB;
      const { answer, sentAll } = await sendRaw(multipartHead('object3d', total), [filePart('big.glb'), ...Array(100).fill(Buffer.alloc(64 * 1024))]);
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain(MEDIA_MESSAGES.requestTooLarge(5, OBJECT3D_LIMIT));
      expect(sentAll).toBe(false);
    });
  }, 60_000);

  (canGoDown ? it : it.skip)(
    'answers 503 with a sentence when the store itself fails, keeps nothing, and the BFF goes on answering',
    async () => {
      const bff = stack.pids().bff;
      const rows = await mediaRows();
      await storage.goDown!();
      expect(await upload('image', [['photo.png', samples.png()]])).toEqual({
        status: 503,
        body: expect.objectContaining({ message: MEDIA_MESSAGES.storageUnavailable }),
      });
      expect(await mediaRows()).toBe(rows);
      expect(stack.pids().bff).toBe(bff);
      expect((await fetch(`${stack.url}/api/health`)).status).toBe(200);
    },
    60_000,
  );
});
