import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync, brotliDecompressSync } from 'node:zlib';
import { freePort } from '../../deploy/src/stack';
import { acceptedEncodings } from '../src/http/static-assets';

/**
 * The BFF (started in this process, on the real NATS) serving a built app from a temporary dist folder
 * laid out as `vite build` leaves it: each file with its .br and .gz copies, hashed names under
 * /assets, the build manifest in .vite. Raw HTTP, so the bytes on the wire are what is checked.
 */
let bff: INestApplication;
let port: number;
let dist: string;
let outside: string;

const SHELL = '<!doctype html><html><head><script type="module" src="/assets/index-AbCd12_-.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('kiln '.repeat(200))});\n`;
const STYLE = `body { margin: 0; }\n${'.x { color: red; }\n'.repeat(50)}`;

function writeBuilt(path: string, content: string, { br = true, gz = true } = {}) {
  writeFileSync(path, content);
  if (br) writeFileSync(`${path}.br`, brotliCompressSync(content));
  if (gz) writeFileSync(`${path}.gz`, gzipSync(content));
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'kiln-dist-'));
  outside = join(dist, '..', `kiln-secret-${randomBytes(4).toString('hex')}.txt`);
  writeFileSync(outside, 'not part of the app');
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeBuilt(join(dist, 'index.html'), SHELL);
  writeBuilt(join(dist, 'assets', 'index-AbCd12_-.js'), SCRIPT);
  writeBuilt(join(dist, 'assets', 'index-EfGh3456.css'), STYLE, { br: false });
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');

  process.env.KILN_NAMESPACE = `static${randomBytes(4).toString('hex')}`;
  const { startBff } = require('../src/main') as typeof import('../src/main');
  port = await freePort();
  bff = await startBff(port, dist);
}, 60_000);

afterAll(async () => {
  await bff?.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(outside, { force: true });
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request with exactly this path and these headers (fetch would normalise the path and decode the body). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const CHROME = 'gzip, deflate, br, zstd';

describe('content encoding', () => {
  it('sends the brotli file when br is accepted, even listed after gzip', async () => {
    const answer = await get('/assets/index-AbCd12_-.js', { 'accept-encoding': CHROME });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(SCRIPT));
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip file when only gzip is accepted', async () => {
    const answer = await get('/assets/index-AbCd12_-.js', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(gunzipSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is without Accept-Encoding, or when br and gzip are refused', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }] as Record<string, string>[]) {
      const answer = await get('/assets/index-AbCd12_-.js', headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(answer.body.toString()).toBe(SCRIPT);
    }
  });

  it('falls back to gzip for a file the build left without a brotli copy', async () => {
    const answer = await get('/assets/index-EfGh3456.css', { 'accept-encoding': CHROME });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(gunzipSync(answer.body).toString()).toBe(STYLE);
  });

  it('answers HEAD with the headers of the chosen file and no body', async () => {
    const answer = await get('/assets/index-AbCd12_-.js', { 'accept-encoding': CHROME }, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.body.length).toBe(0);
  });
});

describe('caching', () => {
  it('caches hashed assets for a year as immutable', async () => {
    for (const path of ['/assets/index-AbCd12_-.js', '/assets/index-EfGh3456.css']) {
      expect((await get(path, { 'accept-encoding': CHROME })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has the browser revalidate index.html, and answers a revalidation with 304', async () => {
    const first = await get('/', { 'accept-encoding': CHROME });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.body).toString()).toBe(SHELL);
    expect(first.headers.etag).toBeDefined();

    const again = await get('/', { 'accept-encoding': CHROME, 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect((await get('/index.html', { 'accept-encoding': CHROME })).headers['cache-control']).toBe('no-cache');
  });

  it('does not cache unhashed files for good', async () => {
    const answer = await get('/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('keeps API answers out of every cache', async () => {
    const answer = await get('/api/auth/me');
    expect(answer.status).toBe(401);
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('client routes and missing files', () => {
  it('answers a client route with the app shell, not cached', async () => {
    for (const path of ['/favorites', '/models/3f1c/settings', '/signin?next=%2Ffavorites', '/assets', '/assets/font/roboto/bold']) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.body.toString()).toBe(SHELL);
    }
  });

  it('answers 404 for a missing asset, never the app shell', async () => {
    for (const path of ['/assets/missing-AbCd1234.js', '/assets/index-AbCd12_-.js.map', '/favicon.ico']) {
      const answer = await get(path, { 'accept-encoding': CHROME });
      expect(answer.status).toBe(404);
      expect(answer.body.toString()).not.toContain('<div id="root">');
    }
  });

  it('does not serve the compressed copies or the build folder by their own names', async () => {
    for (const path of ['/assets/index-AbCd12_-.js.br', '/index.html.gz', '/.vite/manifest.json']) {
      expect((await get(path)).status).toBe(404);
    }
  });

  it('refuses paths that climb out of the dist folder', async () => {
    const name = outside.split('/').pop()!;
    const attempts = [
      `/../${name}`,
      `/%2e%2e/${name}`,
      `/assets/..%2f..%2f${name}`,
      `/assets/%2e%2e%2f%2e%2e%2f${name}`,
      `/..%5c${name}`,
      `/assets/%00.js`,
      '/%E0%A4%A',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/a/%2e%2e/%2e%2e/etc/passwd',
    ];
    for (const path of attempts) {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      expect(answer.body.toString()).not.toContain('not part of the app');
    }
  });

  it('leaves /api and /socket.io to their own handlers', async () => {
    const answer = await get('/api/no-such-route');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body.toString())).toEqual({ statusCode: 404, message: expect.any(String) });
  });
});

describe('acceptedEncodings', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', ['br', 'gzip']],
    ['gzip;q=0, br', ['br']],
    ['*', ['br', 'gzip']],
    ['*, br;q=0', ['gzip']],
    ['x-gzip', ['gzip']],
    ['identity', []],
    ['', []],
  ])('%j allows %j', (header, expected) => {
    expect([...acceptedEncodings(header)]).toEqual(expected);
  });
});
