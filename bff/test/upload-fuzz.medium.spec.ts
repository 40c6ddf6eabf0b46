import { MEDIA_MESSAGES, TEXT_MESSAGE } from '@kiln/contracts';
import { PLUGIN_MESSAGES } from '@kiln/domain';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import * as net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExitInfo } from '../../deploy/src/processes';
import { Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';
import { eventually } from '../../deploy/test/support/eventually';
import { DRAINED_BODY_BYTES } from '../src/http/hardening';
import { UPLOAD_MESSAGES } from '../src/uploads/upload.controller';

/**
 * No multipart request may take the BFF down (security issue 16). A probe killed the BFF with one request:
 * a `folder=../x` field before the file, or the file in a field named `upload`, left busboy's file stream
 * to end with an 'error' nobody listened to ("Unhandled 'error' event … Unexpected end of file"). Every
 * malformed body here is sent by hand over a raw socket; each must get a 4xx `{ statusCode, message }`
 * whose message is one of our sentences, leave no partial file in storage, and leave the same BFF process
 * answering a normal upload. Then a few thousand generated bodies (seeded, so a failure replays).
 */
const MB = 1024 * 1024;
const MEDIA_LIMIT = 1 * MB;
const BOUNDARY = 'kilnFuzzBoundary';
let stack: Stack;
let storageDir: string;
let token: string;
let bffPid: number | undefined;
const crashes: ExitInfo[] = [];
const bffLog: string[] = [];

beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), 'kiln-upload-fuzz-'));
  mkdirSync(join(storageDir, 'media'));
  const options = throwawayStackOptions('uploadfuzz');
  stack = await startStack({
    ...options,
    env: { ...options.env, KILN_STORAGE_DIR: storageDir, KILN_UPLOAD_MAX_BYTES_MEDIA: String(MEDIA_LIMIT) },
    log: () => undefined,
    childLog: (line) => {
      if (line.startsWith('[bff]') && bffLog.push(line) > 400) bffLog.shift();
    },
    onCrash: (info) => crashes.push(info),
  });
  bffPid = stack.pids().bff;
  const email = `fuzz-${randomBytes(5).toString('hex')}@example.com`;
  const answer = await fetch(`${stack.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse', fullName: 'Fuzzer' }),
  });
  expect(answer.status).toBe(201);
  token = (await answer.json()).token;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(storageDir, { recursive: true, force: true });
}, 60_000);

/** Every sentence an upload may answer with (ours, never a library's words). */
const SENTENCES = new Set<string>([
  ...Object.values(UPLOAD_MESSAGES),
  ...(Object.values(MEDIA_MESSAGES) as unknown[]).filter((m): m is string => typeof m === 'string'),
  MEDIA_MESSAGES.tooLarge(MEDIA_LIMIT),
  MEDIA_MESSAGES.tooLarge(50 * MB),
  PLUGIN_MESSAGES.zipOnly,
  TEXT_MESSAGE,
]);

/** Files still waiting as uploads (`<id>.upload`): after an answer, none may be left. */
const partials = () => readdirSync(join(storageDir, 'media')).filter((name) => name.endsWith('.upload'));

// ---------------------------------------------------------------- building bodies by hand

interface Part {
  headers: string[];
  body: Buffer;
}
const field = (name: string | null, value: string): Part => ({
  headers: [`Content-Disposition: form-data${name === null ? '' : `; name="${name}"`}`],
  body: Buffer.from(value),
});
const filePart = (name: string | null = 'file', filename: string | null = 'photo.bin', body: Buffer = Buffer.from('hello, storage')): Part => ({
  headers: [
    `Content-Disposition: form-data${name === null ? '' : `; name="${name}"`}${filename === null ? '' : `; filename="${filename}"`}`,
    'Content-Type: application/octet-stream',
  ],
  body,
});
function form(parts: Part[], boundary = BOUNDARY, closing = true): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) pieces.push(Buffer.from(`--${boundary}\r\n${part.headers.join('\r\n')}\r\n\r\n`), part.body, Buffer.from('\r\n'));
  if (closing) pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

interface Request {
  body: Buffer;
  query?: string;
  /** The whole header value; `null`: no Content-Type at all. */
  contentType?: string | null;
  /** Sent with `Transfer-Encoding: chunked` (in one chunk, then the last chunk) instead of Content-Length. */
  chunked?: boolean;
  /** Announce more than is sent, send this many bytes, then drop the connection (the client went away). */
  abortAfter?: number;
}
interface Answer {
  status: number;
  /** How the connection ended when no answer came (for the failure's report). */
  ending?: string;
  body: { statusCode?: number; message?: string } | unknown;
  raw: string;
}

/**
 * One request over its own connection, written as bytes; the answer as it came (status 0: none came).
 * A body the BFF refuses before reading it all, when it is large or chunked, has its connection closed
 * once answered (hardening.ts, closeUnlessSmallBody); a client still writing then may see the reset
 * (EPIPE) before it reads the answer. That is the client's race, not a lost answer: such a request is
 * sent again, slower (a crash would show in `crashes` and in the BFF's pid all the same).
 */
async function send(request: Request): Promise<Answer> {
  const closesEarly = request.abortAfter === undefined && (request.chunked === true || request.body.length > DRAINED_BODY_BYTES);
  let answer = await sendOnce(request, 1);
  for (let pause = 20; closesEarly && answer.status === 0 && /^(EPIPE|ECONNRESET)/.test(answer.ending ?? '') && pause <= 80; pause *= 2)
    answer = await sendOnce(request, pause);
  return answer;
}

function sendOnce(request: Request, pause: number, timeoutMs = 15_000): Promise<Answer> {
  const { hostname, port } = new URL(stack.url);
  const contentType = request.contentType === undefined ? `multipart/form-data; boundary=${BOUNDARY}` : request.contentType;
  const length = request.abortAfter === undefined ? request.body.length : request.body.length + 1024;
  const head =
    `POST /api/upload${request.query ?? '?repo=media'} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\n` +
    (contentType === null ? '' : `Content-Type: ${contentType}\r\n`) +
    (request.chunked ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${length}\r\n`) +
    '\r\n';
  let payload = request.abortAfter === undefined ? request.body : request.body.subarray(0, request.abortAfter);
  if (request.chunked)
    payload = Buffer.concat([
      payload.length ? Buffer.concat([Buffer.from(`${payload.length.toString(16)}\r\n`), payload, Buffer.from('\r\n')]) : Buffer.alloc(0),
      Buffer.from('0\r\n\r\n'),
    ]);
  return new Promise<Answer>((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let done = false;
    let ending = 'timed out';
    const started = Date.now();
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseAnswer(Buffer.concat(chunks)), ending: `${ending} after ${Date.now() - started} ms` });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (data) => {
      chunks.push(data);
      if (complete(Buffer.concat(chunks))) finish();
    });
    socket.on('close', () => ((ending = ending === 'timed out' ? 'closed' : ending), finish()));
    socket.on('error', (error: NodeJS.ErrnoException) => (ending = error.code ?? error.message)); // the BFF gone, or a reset: judged by what came
    socket.on('connect', async () => {
      socket.write(head);
      // As a browser on a network does: in pieces, and no more once an answer has come. (Blasting a large body
      // at a BFF that refused it early and closes the connection makes the kernel reset it, and the answer is
      // lost with it: the client's side of the trouble ADR 0033 describes, not the BFF's.)
      const paced = payload.length > 64 * 1024;
      for (let offset = 0; offset < payload.length && !done && chunks.length === 0; offset += 64 * 1024) {
        if (!socket.write(payload.subarray(offset, offset + 64 * 1024))) await new Promise((r) => socket.once('drain', r).once('close', r));
        if (paced) await new Promise((r) => setTimeout(r, pause * 5));
      }
      if (request.abortAfter !== undefined) setTimeout(finish, 30); // the client goes away mid-body
    });
  });
}

function complete(data: Buffer): boolean {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(data.subarray(0, end).toString('latin1'));
  return length !== null && data.length >= end + 4 + Number(length[1]);
}

function parseAnswer(data: Buffer): Answer {
  const raw = data.toString('utf8');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
  const text = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the assertions below say so
  }
  return { status, body, raw };
}

/** The answer is a refusal with one of our sentences (and not a stack trace, nor a library's words). */
function expectRefusal(answer: Answer, status: number, message: string) {
  expect({ status: answer.status, body: answer.body }).toEqual({ status, body: expect.objectContaining({ statusCode: status, message }) });
}

/** A 4xx whose message is one of ours, where which one is not the point. */
function expectOurRefusal(answer: Answer) {
  const message = (answer.body as { message?: string }).message ?? '';
  expect({ status: answer.status >= 400 && answer.status < 500 ? '4xx' : answer.status, ours: SENTENCES.has(message) ? 'ours' : message }).toEqual({
    status: '4xx',
    ours: 'ours',
  });
}

const aFile = (size: number, seed = 1) => {
  const out = Buffer.alloc(size);
  let x = seed * 2654435761 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
};

/** The same BFF process still answers, and takes a normal upload; no partial file is left behind. */
async function expectStillUp() {
  const normal = await send({ body: form([field('folder', '2026_11'), filePart('file', 'normal.bin', aFile(3000))]) });
  if (normal.status !== 201)
    throw new Error(
      `a normal upload after it answered ${normal.status}:\n${normal.raw.slice(0, 500)}\n--- the BFF's last lines:\n${bffLog.slice(-30).join('\n')}`,
    );
  expect(Array.isArray(normal.body) && (normal.body as { folder: string }[])[0]!.folder).toBe('2026_11');
  expect(crashes).toEqual([]);
  expect(stack.pids().bff).toBe(bffPid);
  await eventually(() => expect(partials()).toEqual([]));
}

afterEach(async () => {
  // Whatever a test sent, the BFF is the same process and takes a normal upload.
  await expectStillUp();
}, 30_000);

describe('a malformed multipart upload is refused with a sentence, and the BFF stays up', () => {
  it('the probe: a folder field `../x` before the file, seven times', async () => {
    for (let i = 0; i < 7; i++) {
      expectRefusal(await send({ body: form([field('folder', '../x'), filePart()]) }), 400, MEDIA_MESSAGES.badFolder);
      expect(stack.pids().bff).toBe(bffPid);
    }
  });

  it('the probe: the file in a field named `upload`, seven times', async () => {
    for (let i = 0; i < 7; i++) {
      expectRefusal(await send({ body: form([filePart('upload')]) }), 400, UPLOAD_MESSAGES.notMultipart);
      expect(stack.pids().bff).toBe(bffPid);
    }
  });

  it('folder or repo after the file: 400, and the file already written is removed', async () => {
    expectRefusal(await send({ body: form([filePart('file', 'a.bin', aFile(200_000)), field('folder', '2026_11')]) }), 400, UPLOAD_MESSAGES.fieldsFirst);
    expectRefusal(await send({ body: form([filePart(), field('repo', 'media')]) }), 400, UPLOAD_MESSAGES.fieldsFirst);
    expect(partials()).toEqual([]);
  });

  it('two files, or a text field after the file named `file`: 400', async () => {
    expectRefusal(await send({ body: form([filePart('file', 'a.bin'), filePart('file', 'b.bin')]) }), 400, MEDIA_MESSAGES.oneFile);
    expectRefusal(await send({ body: form([filePart('file', 'a.bin', aFile(100_000)), filePart('other', 'b.bin')]) }), 400, MEDIA_MESSAGES.oneFile);
    expect(partials()).toEqual([]);
  });

  it('wrong field names: a text field named `file`, an unknown field, a part with no name', async () => {
    expectRefusal(await send({ body: form([field('file', 'not a file')]) }), 400, MEDIA_MESSAGES.noFile);
    expectRefusal(await send({ body: form([field('colour', 'red'), filePart()]) }), 400, MEDIA_MESSAGES.unknownField);
    expectRefusal(await send({ body: form([field(null, 'nameless'), filePart()]) }), 400, UPLOAD_MESSAGES.malformed);
    expectRefusal(await send({ body: form([filePart(null, 'a.bin')]) }), 400, UPLOAD_MESSAGES.notMultipart);
    expectRefusal(await send({ body: form([filePart()]), query: '?repo=media&colour=red' }), 400, MEDIA_MESSAGES.unknownField);
  });

  it('a file with no file name, or an empty one (an empty file input): 400', async () => {
    expectRefusal(await send({ body: form([filePart('file', null)]) }), 400, MEDIA_MESSAGES.noFile);
    expectRefusal(await send({ body: form([filePart('file', '')]) }), 400, MEDIA_MESSAGES.noFile);
  });

  it('fields that break the contract: a repo that is none, a folder too long, a file name too long', async () => {
    expectRefusal(await send({ body: form([field('repo', 'etc'), filePart()]), query: '' }), 400, MEDIA_MESSAGES.unknownRepo);
    expectRefusal(await send({ body: form([filePart()]), query: '?repo=etc' }), 400, MEDIA_MESSAGES.unknownRepo);
    expectRefusal(await send({ body: form([field('folder', 'a'.repeat(300)), filePart()]) }), 400, MEDIA_MESSAGES.badFolder);
    expectRefusal(await send({ body: form([field('folder', 'a'.repeat(5000)), filePart()]) }), 400, MEDIA_MESSAGES.badFolder);
    expectRefusal(await send({ body: form([filePart()]), query: '?repo=media&folder=..%2Fx' }), 400, MEDIA_MESSAGES.badFolder);
    expectRefusal(await send({ body: form([filePart('file', `${'n'.repeat(300)}.bin`)]) }), 400, MEDIA_MESSAGES.nameTooLong);
  });

  it('too many fields: 400', async () => {
    expectRefusal(
      await send({ body: form(Array.from({ length: 11 }, () => field('folder', '2026_11')).concat(filePart())) }),
      400,
      UPLOAD_MESSAGES.tooManyFields,
    );
    expectRefusal(await send({ body: form(Array.from({ length: 40 }, () => field('repo', 'media'))) }), 400, UPLOAD_MESSAGES.tooManyFields);
  });

  it('truncated bodies: ending mid-file, mid-part-header, before the closing boundary, at once', async () => {
    const whole = form([field('folder', '2026_11'), filePart('file', 'big.bin', aFile(300_000))]);
    // Mid-file: part of the file was already written to storage, and is removed.
    expectRefusal(await send({ body: whole.subarray(0, 250_000) }), 400, UPLOAD_MESSAGES.malformed);
    expectRefusal(await send({ body: whole.subarray(0, whole.indexOf('filename=') + 4) }), 400, UPLOAD_MESSAGES.malformed);
    expectRefusal(await send({ body: form([filePart()], BOUNDARY, false) }), 400, UPLOAD_MESSAGES.malformed);
    expectRefusal(await send({ body: Buffer.alloc(0) }), 400, UPLOAD_MESSAGES.malformed);
    // The same over chunked transfer encoding (a body of no announced length that stops mid-file).
    expectRefusal(await send({ body: whole.subarray(0, 200_000), chunked: true }), 400, UPLOAD_MESSAGES.malformed);
    expect(partials()).toEqual([]);
  });

  it('bad boundaries: another one in the body, a missing one, an empty one, a damaged header', async () => {
    const body = form([filePart()]);
    expectRefusal(await send({ body, contentType: 'multipart/form-data; boundary=somethingElse' }), 400, UPLOAD_MESSAGES.malformed);
    expectRefusal(await send({ body, contentType: 'multipart/form-data' }), 400, UPLOAD_MESSAGES.notMultipart);
    expectOurRefusal(await send({ body, contentType: 'multipart/form-data; boundary=' }));
    expectOurRefusal(await send({ body, contentType: 'multipart/form-data; boundary="unterminated' }));
    expectRefusal(await send({ body, contentType: 'multipart/form-data; ;;; boundary' }), 400, UPLOAD_MESSAGES.notMultipart);
    expectRefusal(await send({ body, contentType: null }), 415, UPLOAD_MESSAGES.notMultipart);
  });

  it('damaged part headers: huge, without a colon, without a blank line', async () => {
    const huge: Part = {
      headers: [`Content-Disposition: form-data; name="file"; filename="a.bin"`, `X-Padding: ${'p'.repeat(20_000)}`],
      body: Buffer.from('x'),
    };
    expectRefusal(await send({ body: form([huge]) }), 400, UPLOAD_MESSAGES.malformed);
    const manyHeaders: Part = {
      headers: [`Content-Disposition: form-data; name="file"; filename="a.bin"`, ...Array.from({ length: 3000 }, (_, i) => `X-${i}: y`)],
      body: Buffer.from('x'),
    };
    expectRefusal(await send({ body: form([manyHeaders]) }), 400, UPLOAD_MESSAGES.malformed);
    const noColon: Part = { headers: ['Content-Disposition form-data; name="file"; filename="a.bin"'], body: Buffer.from('x') };
    expectRefusal(await send({ body: form([noColon]) }), 400, UPLOAD_MESSAGES.malformed);
    expectRefusal(
      await send({ body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n--${BOUNDARY}--\r\n`) }),
      400,
      UPLOAD_MESSAGES.malformed,
    );
    // No Content-Disposition at all: a part that is nothing, so no file.
    expectRefusal(await send({ body: form([{ headers: ['Content-Type: text/plain'], body: Buffer.from('x') }]) }), 400, MEDIA_MESSAGES.noFile);
  });

  it('the client drops the connection mid-upload: the partial file is removed', async () => {
    const whole = form([field('folder', '2026_11'), filePart('file', 'big.bin', aFile(600_000))]);
    for (const at of [10, 100, whole.indexOf('filename') + 20, 200_000, 599_000]) {
      const answer = await send({ body: whole, abortAfter: at });
      // Nobody is there to read an answer; if one came before the drop it is a refusal, never a success.
      expect(answer.status === 0 || (answer.status >= 400 && answer.status < 500)).toBe(true);
    }
    await eventually(() => expect(partials()).toEqual([]));
  });

  it('the limits still hold: 413 by Content-Length, and while streaming, with nothing kept', async () => {
    const big = form([filePart('file', 'big.bin', aFile(MEDIA_LIMIT + 100_000))]);
    expectRefusal(await send({ body: big }), 413, MEDIA_MESSAGES.tooLarge(MEDIA_LIMIT));
    expectRefusal(await send({ body: big, chunked: true }), 413, MEDIA_MESSAGES.tooLarge(MEDIA_LIMIT));
    expect(partials()).toEqual([]);
  });

  it('the good cases still work: fields before the file, folder and repo as query parameters', async () => {
    const answer = await send({
      body: form([field('repo', 'media'), field('folder', '@kiln/gears/1_0_0'), filePart('file', 'x.bin', aFile(5000))]),
      query: '',
    });
    expect(answer.status).toBe(201);
    expect((answer.body as { folder: string; type: string; size: number }[])[0]).toMatchObject({ folder: '@kiln/gears/1_0_0', type: 'media', size: 5000 });
    const viaQuery = await send({ body: form([filePart('file', 'y.bin', aFile(10))]), query: '?repo=media&folder=2026_11' });
    expect(viaQuery.status).toBe(201);
  });
});

// ---------------------------------------------------------------- generated bodies

type PartSpec =
  | { kind: 'field'; name: string | null; value: string }
  | { kind: 'file'; name: string | null; filename: string | null; size: number; seed: number; contentType: string | null };

type Mutation =
  | { op: 'truncate'; at: number }
  | { op: 'flip'; at: number; byte: number }
  | { op: 'insert'; at: number; bytes: Uint8Array }
  | { op: 'damageBoundary'; which: number; byte: number }
  | { op: 'dropClosing' }
  | { op: 'swap'; i: number; j: number }
  | { op: 'duplicate'; i: number }
  | { op: 'rename'; i: number; name: string | null }
  | { op: 'hugeHeader'; i: number; size: number };

interface Case {
  parts: PartSpec[];
  mutations: Mutation[];
  contentType: 'ok' | 'quoted' | 'none' | 'noBoundary' | 'otherBoundary' | 'text' | 'garbage';
  query: string;
  send: 'whole' | 'chunked' | 'abort';
  abortAt: number;
}

const names = fc.oneof(fc.constantFrom<string | null>('file', 'folder', 'repo', 'upload', 'files[]', '', null), fc.string({ maxLength: 12 }));
const fieldSpec = fc.record({
  kind: fc.constant('field' as const),
  name: names,
  value: fc.oneof(fc.constantFrom('2026_11', '../x', '..', '/etc', 'media', 'plugin', '@kiln/gears/1_0_0', 'a'.repeat(400)), fc.string({ maxLength: 40 })),
});
const fileSpec = fc.record({
  kind: fc.constant('file' as const),
  name: fc.oneof(fc.constant<string | null>('file'), fc.constant<string | null>('file'), names),
  filename: fc.oneof(fc.constantFrom<string | null>('photo.bin', 'a.zip', '../../etc/passwd', '', null, 'x'.repeat(300)), fc.string({ maxLength: 20 })),
  size: fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 0, max: 4096 }) },
    { weight: 2, arbitrary: fc.integer({ min: 4096, max: 200_000 }) },
    { weight: 1, arbitrary: fc.constant(MEDIA_LIMIT + 1) },
  ),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  contentType: fc.constantFrom<string | null>('application/octet-stream', 'image/png', null, 'text/plain; charset=utf-8'),
});
/** Mostly a valid form to start from (so the mutations hit the interesting places), sometimes anything. */
const validParts = fc
  .record({ folder: fc.boolean(), repo: fc.boolean(), file: fileSpec.map((f) => ({ ...f, name: 'file', filename: 'photo.bin' })) })
  .map(({ folder, repo, file }) => [
    ...(folder ? [{ kind: 'field' as const, name: 'folder', value: '2026_11' }] : []),
    ...(repo ? [{ kind: 'field' as const, name: 'repo', value: 'media' }] : []),
    file as PartSpec,
  ]);
const at = fc.double({ min: 0, max: 1, noNaN: true });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('truncate' as const), at }),
  fc.record({ op: fc.constant('flip' as const), at, byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ op: fc.constant('insert' as const), at, bytes: fc.uint8Array({ minLength: 1, maxLength: 24 }) }),
  fc.record({ op: fc.constant('damageBoundary' as const), which: fc.nat(6), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ op: fc.constant('dropClosing' as const) }),
  fc.record({ op: fc.constant('swap' as const), i: fc.nat(5), j: fc.nat(5) }),
  fc.record({ op: fc.constant('duplicate' as const), i: fc.nat(5) }),
  fc.record({ op: fc.constant('rename' as const), i: fc.nat(5), name: names }),
  fc.record({ op: fc.constant('hugeHeader' as const), i: fc.nat(5), size: fc.integer({ min: 100, max: 40_000 }) }),
);
const caseArbitrary: fc.Arbitrary<Case> = fc.record({
  parts: fc.oneof({ weight: 3, arbitrary: validParts }, { weight: 1, arbitrary: fc.array(fc.oneof(fieldSpec, fileSpec), { maxLength: 5 }) }),
  mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
  contentType: fc.oneof(
    { weight: 12, arbitrary: fc.constant('ok' as const) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('quoted' as const, 'none' as const, 'noBoundary' as const, 'otherBoundary' as const, 'text' as const, 'garbage' as const),
    },
  ),
  query: fc.constantFrom('?repo=media', '?repo=media', '?repo=media', '', '?repo=media&folder=2026_11', '?repo=plugin'),
  send: fc.oneof(
    { weight: 16, arbitrary: fc.constant('whole' as const) },
    { weight: 2, arbitrary: fc.constant('chunked' as const) },
    { weight: 1, arbitrary: fc.constant('abort' as const) },
  ),
  abortAt: at,
});

const toPart = (spec: PartSpec): Part =>
  spec.kind === 'field'
    ? field(spec.name, spec.value)
    : {
        headers: [
          `Content-Disposition: form-data${spec.name === null ? '' : `; name="${spec.name}"`}${spec.filename === null ? '' : `; filename="${spec.filename}"`}`,
          ...(spec.contentType ? [`Content-Type: ${spec.contentType}`] : []),
        ],
        body: aFile(spec.size, spec.seed),
      };

function build(c: Case): Request {
  const parts = c.parts.map(toPart);
  let closing = true;
  const byteOps: Mutation[] = [];
  for (const m of c.mutations) {
    const n = parts.length;
    if (m.op === 'swap' && n > 1) [parts[m.i % n], parts[m.j % n]] = [parts[m.j % n]!, parts[m.i % n]!];
    else if (m.op === 'duplicate' && n > 0) parts.splice(m.i % n, 0, parts[m.i % n]!);
    else if (m.op === 'rename' && n > 0)
      parts[m.i % n] = {
        ...parts[m.i % n]!,
        headers: [parts[m.i % n]!.headers[0]!.replace(/; name="[^"]*"|$/, m.name === null ? '' : `; name="${m.name}"`), ...parts[m.i % n]!.headers.slice(1)],
      };
    else if (m.op === 'hugeHeader' && n > 0) parts[m.i % n] = { ...parts[m.i % n]!, headers: [...parts[m.i % n]!.headers, `X-Big: ${'h'.repeat(m.size)}`] };
    else if (m.op === 'dropClosing') closing = false;
    else byteOps.push(m);
  }
  let body = form(parts, BOUNDARY, closing);
  for (const m of byteOps) {
    const offset = (x: number) => Math.floor(x * body.length);
    if (m.op === 'truncate') body = body.subarray(0, offset(m.at));
    else if (m.op === 'flip' && body.length) body = Buffer.concat([body.subarray(0, offset(m.at)), Buffer.from([m.byte]), body.subarray(offset(m.at) + 1)]);
    else if (m.op === 'insert') body = Buffer.concat([body.subarray(0, offset(m.at)), Buffer.from(m.bytes), body.subarray(offset(m.at))]);
    else if (m.op === 'damageBoundary') {
      let where = -1;
      for (let k = 0; k <= m.which; k++) where = body.indexOf(BOUNDARY, where + 1);
      if (where >= 0) {
        body = Buffer.from(body);
        body[where + (m.byte % BOUNDARY.length)] = m.byte;
      }
    }
  }
  const contentType = {
    ok: `multipart/form-data; boundary=${BOUNDARY}`,
    quoted: `multipart/form-data; boundary="${BOUNDARY}"`,
    none: null,
    noBoundary: 'multipart/form-data',
    otherBoundary: 'multipart/form-data; boundary=other',
    text: 'text/plain',
    garbage: 'multipart/form-data; boundary=;;"',
  }[c.contentType];
  return { body, contentType, query: c.query, chunked: c.send === 'chunked', abortAfter: c.send === 'abort' ? Math.floor(c.abortAt * body.length) : undefined };
}

const FUZZ_CASES = Number(process.env.KILN_UPLOAD_FUZZ_CASES ?? 3000);
const FUZZ_SEED = Number(process.env.KILN_UPLOAD_FUZZ_SEED ?? 20261116);

describe('generated malformed bodies', () => {
  it(
    `${FUZZ_CASES} mutated bodies (seed ${FUZZ_SEED}), 8 at a time: every answer is 201 or a 4xx with our sentence; the BFF survives and ` +
      `keeps no partial file`,
    async () => {
      const cases = fc.sample(caseArbitrary, { seed: FUZZ_SEED, numRuns: FUZZ_CASES });
      const tally = new Map<string, number>();
      const wrong: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < cases.length && wrong.length < 5) {
          const index = next++;
          const request = build(cases[index]!);
          const answer = await send(request);
          const message = (answer.body as { message?: unknown } | null)?.message;
          const key = request.abortAfter !== undefined ? 'dropped' : `${answer.status} ${typeof message === 'string' ? message : ''}`;
          tally.set(key, (tally.get(key) ?? 0) + 1);
          const fine =
            request.abortAfter !== undefined
              ? answer.status === 0 || answer.status === 201 || (answer.status >= 400 && answer.status < 500 && SENTENCES.has(String(message)))
              : answer.status === 201 ||
                (answer.status >= 400 &&
                  answer.status < 500 &&
                  (answer.body as { statusCode?: number }).statusCode === answer.status &&
                  SENTENCES.has(String(message)));
          if (!fine)
            wrong.push(
              `case ${index} (seed ${FUZZ_SEED}): ${JSON.stringify(cases[index]).slice(0, 400)}\n  answered ${answer.status} ` +
                `(${answer.ending}): ${answer.raw.slice(0, 300)}`,
            );
          if (crashes.length) wrong.push(`case ${index}: the BFF crashed: ${JSON.stringify(crashes)}\n${bffLog.slice(-20).join('\n')}`);
        }
      };
      const started = Date.now();
      await Promise.all(Array.from({ length: 8 }, worker));
      console.log(
        `${next} generated uploads in ${Date.now() - started} ms:\n${[...tally]
          .sort((a, b) => b[1] - a[1])
          .map(([k, n]) => `  ${n}\t${k}`)
          .join('\n')}`,
      );
      expect(wrong).toEqual([]);
      expect(next).toBe(FUZZ_CASES);
      expect(crashes).toEqual([]);
      expect(stack.pids().bff).toBe(bffPid);
      // No partial file is left of any of them, and a normal upload still goes through (afterEach checks it again).
      await eventually(() => expect(partials()).toEqual([]));
      await expectStillUp();
    },
    120_000,
  );
});
