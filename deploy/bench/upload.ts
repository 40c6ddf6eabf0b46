/**
 * A 200 MB upload (issue 18): a `.glb` of the 3D objects' full limit sent to `POST /api/upload` through the
 * running stack, beside a bare Node HTTP server piping the same request body to a file, in turns. Measured:
 * the wall time of each (throughput in MB/s) and, during Kiln's uploads, how far the resident memory of the
 * BFF and of the assets service rose above what it was just before (sampled every 20 ms from /proc).
 * Goals: memory growth ≤ 64 MB in each process; throughput ≥ 0.5 × the bare server's.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_KIND_RULES } from '../../contracts/src/assets/upload-kinds';
import { rssMiB } from './idle-memory';
import { BenchUser } from './kiln';

export const UPLOAD_MEMORY_GOAL_MB = 64;
export const UPLOAD_THROUGHPUT_GOAL = 0.5;

const CHUNK = 1024 * 1024;
const BOUNDARY = '----kiln-bench-upload';

export interface UploadBench {
  bytes: number;
  runs: number;
  kilnMs: number[];
  bareMs: number[];
  /** Largest rise of resident memory (MB) during any Kiln upload, per process. */
  growthMb: Record<string, number>;
}

/**
 * The file: a glTF binary header stating the whole size (what the upload checks by its bytes), a JSON chunk
 * with one buffer, then the buffer's bytes. The same 1 MB block is sent again and again: nothing large is
 * held by the client either.
 */
function glbHead(size: number): Buffer {
  const json = Buffer.from(JSON.stringify({ asset: { version: '2.0' }, buffers: [{ byteLength: 0 }] }).padEnd(64, ' '));
  const binLength = size - 12 - 8 - json.length - 8;
  json.write(JSON.stringify({ asset: { version: '2.0' }, buffers: [{ byteLength: binLength }] }).padEnd(64, ' '));
  const head = Buffer.alloc(12 + 8 + json.length + 8);
  head.write('glTF', 0, 'latin1');
  head.writeUInt32LE(2, 4);
  head.writeUInt32LE(size, 8);
  head.writeUInt32LE(json.length, 12);
  head.write('JSON', 16, 'latin1');
  json.copy(head, 20);
  head.writeUInt32LE(binLength, 20 + json.length);
  head.write('BIN\0', 24 + json.length, 'latin1');
  return head;
}

/** The multipart body as a stream of `Uint8Array`s, and its exact length (sent as Content-Length). */
function multipartBody(size: number): { length: number; stream: () => ReadableStream<Uint8Array> } {
  const preamble = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.glb"\r\nContent-Type: model/gltf-binary\r\n\r\n`);
  const ending = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const head = glbHead(size);
  const block = new Uint8Array(CHUNK).fill(7);
  return {
    length: preamble.length + size + ending.length,
    stream: () => {
      let sent = 0;
      let stage: 'start' | 'file' | 'end' | 'done' = 'start';
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (stage === 'start') {
            controller.enqueue(Buffer.concat([preamble, head]));
            sent = head.length;
            stage = 'file';
          } else if (stage === 'file') {
            const n = Math.min(CHUNK, size - sent);
            controller.enqueue(n === CHUNK ? block : block.subarray(0, n));
            sent += n;
            if (sent >= size) stage = 'end';
          } else if (stage === 'end') {
            controller.enqueue(ending);
            stage = 'done';
          } else controller.close();
        },
      });
    },
  };
}

/** Which media a Kiln upload created (the bare server answers none). */
let lastMedia: string[] = [];

/**
 * Waits until the media of the last Kiln upload are processed (ADR 0053: the assets service converts a 3D
 * object after it is registered). Its conversion is not the upload's work: measured during the next upload,
 * it would count in that upload's memory and time.
 */
async function untilProcessed(stackUrl: string, token: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const id of lastMedia) {
    for (;;) {
      const res = await fetch(`${stackUrl}/api/media/${id}`, { headers: { authorization: `Bearer ${token}` } });
      const media = (await res.json()) as { preview?: { status?: string } };
      if (media.preview?.status !== 'pending' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function send(url: string, body: ReturnType<typeof multipartBody>, token?: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(body.length),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body.stream(),
    duplex: 'half',
  } as RequestInit);
  const text = await res.text();
  if (res.status !== 201 && res.status !== 200) throw new Error(`upload answered ${res.status}: ${text.slice(0, 200)}`);
  const elapsed = performance.now() - started;
  if (token) lastMedia = (JSON.parse(text) as { id: string }[]).map((media) => media.id);
  return elapsed;
}

/** The bare baseline: every request's body piped to a new file, then 201. */
async function bareServer(dir: string): Promise<{ server: Server; url: string }> {
  let n = 0;
  const server = createServer((req, res) => {
    const file = join(dir, `bare-${n++}`);
    // Written, answered, then removed: the disk holds one copy at a time, as Kiln's storage below is emptied too.
    pipeline(req, createWriteStream(file))
      .then(() => res.writeHead(201).end('[]'))
      .then(() => rmSync(file, { force: true }))
      .catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

export async function uploadBench(
  stackUrl: string,
  user: BenchUser,
  pids: () => Record<string, number | undefined>,
  say: (line: string) => void,
  runs = 3,
): Promise<UploadBench> {
  const bytes = UPLOAD_KIND_RULES.object3d.maxBytes;
  const body = multipartBody(bytes);
  const dir = mkdtempSync(join(tmpdir(), 'kiln-bench-upload-'));
  const bare = await bareServer(dir);
  const result: UploadBench = { bytes, runs, kilnMs: [], bareMs: [], growthMb: { bff: 0, assets: 0 } };
  try {
    // One unmeasured pair first: the first request of either side pays for connections and cold caches.
    await send(`${stackUrl}/api/upload?repo=object3d&folder=2000_01`, body, user.token);
    await send(bare.url, body);
    for (let i = 0; i < runs; i++) {
      // Kiln first, then bare, each run: both see the same machine load.
      await untilProcessed(stackUrl, user.token);
      const watched = ['bff', 'assets'] as const;
      const before = Object.fromEntries(watched.map((name) => [name, rssMiB(pids()[name] ?? -1) ?? 0]));
      const peak = { ...before };
      const sampler = setInterval(() => {
        for (const name of watched) peak[name] = Math.max(peak[name], rssMiB(pids()[name] ?? -1) ?? 0);
      }, 20);
      try {
        const date = new Date();
        const folder = `${date.getUTCFullYear()}_${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
        result.kilnMs.push(await send(`${stackUrl}/api/upload?repo=object3d&folder=${folder}`, body, user.token));
      } finally {
        clearInterval(sampler);
      }
      // MiB from /proc; the goal is in MB of 2^20 bytes as well (the kinds' table counts MB that way).
      for (const name of watched) result.growthMb[name] = Math.max(result.growthMb[name], peak[name] - before[name]);
      result.bareMs.push(await send(bare.url, body));
      say(`upload run ${i + 1}/${runs}: Kiln ${result.kilnMs[i].toFixed(0)} ms, bare ${result.bareMs[i].toFixed(0)} ms`);
    }
    // The last upload's conversion too: the next bench (thumbnails, in turns with sharp alone) would share the
    // cores with it (measured so: 0.64 of sharp alone, against 0.77–0.83 run by itself).
    await untilProcessed(stackUrl, user.token);
  } finally {
    await new Promise((resolve) => bare.server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
  return result;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function renderUpload(r: UploadBench): string {
  const mb = r.bytes / 2 ** 20;
  const kiln = mb / (median(r.kilnMs) / 1000);
  const bare = mb / (median(r.bareMs) / 1000);
  const ratio = kiln / bare;
  const lines = [
    `Upload of one ${mb} MB .glb (${r.runs} runs each, medians): Kiln POST /api/upload ${kiln.toFixed(0)} MB/s, ` +
      `a bare Node HTTP server piping the same body to disk ${bare.toFixed(0)} MB/s`,
    `- throughput / bare: ${ratio.toFixed(2)} (goal ≥ ${UPLOAD_THROUGHPUT_GOAL}) ${ratio >= UPLOAD_THROUGHPUT_GOAL ? 'met' : 'NOT MET'}`,
  ];
  for (const [name, growth] of Object.entries(r.growthMb))
    lines.push(
      `- ${name} resident memory growth during the upload: ${growth.toFixed(1)} MB (goal ≤ ${UPLOAD_MEMORY_GOAL_MB}) ` +
        `${growth <= UPLOAD_MEMORY_GOAL_MB ? 'met' : 'NOT MET'}`,
    );
  return lines.join('\n');
}
