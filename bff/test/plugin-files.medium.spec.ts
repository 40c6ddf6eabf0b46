import { PLUGIN_MESSAGES } from '@kiln/domain';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';
import { eventually } from '../../deploy/test/support/eventually';
import { zipOf } from '../../services/plugin-registry/test/support/fixtures';

/**
 * Deployed plugin files served raw (ADR 0047), over the whole real stack with a real build: what a loader
 * imports by URL and a cache keeps. The bytes as deployed with their type, the manifest's sha256 as ETag,
 * immutable caching, 304 for a matching If-None-Match, 404 for anything the manifest does not list, html
 * never a page of ours, and a private plugin's files for its author only.
 */
let stack: Stack;
let storageDir: string;

beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), 'kiln-plugin-files-'));
  mkdirSync(join(storageDir, 'media'));
  const options = throwawayStackOptions('plugin_files');
  stack = await startStack({ ...options, env: { ...options.env, KILN_STORAGE_DIR: storageDir }, log: () => undefined, childLog: () => undefined });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(storageDir, { recursive: true, force: true });
}, 60_000);

const INDEX = "export { hello } from './lib/hello.js';\n";
const HELLO = "export const hello = () => 'hi';\n";
const HTML = '<script>alert(document.cookie)</script>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

/** Builds an ES module with a relative import, an html page and an svg icon. */
const plugin = () =>
  zipOf({
    'package.json': JSON.stringify({ name: 'raw-files', version: '1.0.0', private: true, main: 'dist/index.js', scripts: { build: 'node build.js' } }),
    'build.js': [
      "const fs = require('fs');",
      "fs.mkdirSync('dist/lib', { recursive: true });",
      `fs.writeFileSync('dist/index.js', ${JSON.stringify(INDEX)});`,
      `fs.writeFileSync('dist/lib/hello.js', ${JSON.stringify(HELLO)});`,
      `fs.writeFileSync('dist/readme.html', ${JSON.stringify(HTML)});`,
      `fs.writeFileSync('dist/icon.svg', ${JSON.stringify(SVG)});`,
      "fs.writeFileSync('dist/kiln-plugin.json', JSON.stringify({ groups: [{ name: 'A', nodes: [1] }] }));",
    ].join('\n'),
  });

async function api(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function signUp() {
  const email = `files-${randomBytes(5).toString('hex')}@example.com`;
  const answer = await fetch(`${stack.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse', fullName: 'Author' }),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { token: string }).token;
}

/** A private plugin (the default) whose version 1.0.0 is built, deployed and published. */
async function publishedPlugin(token: string) {
  const packageId = `@kiln/raw-${randomBytes(4).toString('hex')}`;
  const created = await api('POST', '/api/bgpm/plugin/create-plugin', token, {
    name: `Raw ${randomBytes(3).toString('hex')}`,
    pluginId: packageId,
    description: '<p>Raw</p>',
    type: 'library',
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  expect((await api('POST', '/api/bgpm/plugin-version/create-new-version', token, { pluginId: id, version: '1.0.0' })).status).toBe(201);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await plugin())]), 'raw.zip');
  const uploaded = await fetch(`${stack.url}/api/upload?repo=plugin&folder=raw`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(uploaded.status).toBe(201);
  const [media] = (await uploaded.json()) as { id: string }[];
  expect((await api('PATCH', `/api/bgpm/plugin-version/assign-zip-file/${id}/1.0.0`, token, { mediaId: media!.id })).status).toBe(200);
  expect((await api('POST', '/api/bgpm/plugin-action/publish', token, { pluginId: id, version: '1.0.0' })).body.running).toBe(true);
  await eventually(async () => {
    const versions = await api('GET', `/api/bgpm/plugin-version?where=${encodeURIComponent(JSON.stringify({ pluginId: id }))}`, token);
    expect(versions.body.data[0]).toMatchObject({ status: 'done' });
  }, 60_000);
  expect((await api('POST', '/api/bgpm/plugin-action/publish', token, { pluginId: id, version: '1.0.0', options: { isAlpha: true } })).body.status).toBe(
    'alpha',
  );
  expect((await api('POST', '/api/bgpm/plugin-action/publish', token, { pluginId: id, version: '1.0.0' })).body.status).toBe('published');
  return { id, packageId };
}

const fileUrl = (packageId: string, path: string, version = '1.0.0') => `${stack.url}/api/bgpm/public/plugins/${packageId}/${version}/files/${path}`;
const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

describe('GET /api/bgpm/public/plugins/{pluginId}/{version}/files/{path}', () => {
  let author: string;
  let stranger: string;
  let ids: { id: string; packageId: string };

  beforeAll(async () => {
    [author, stranger] = await Promise.all([signUp(), signUp()]);
    ids = await publishedPlugin(author);
  }, 120_000);

  it("answers a private plugin's files to its author only, never kept by a shared cache; others get 404 as for no plugin", async () => {
    const url = fileUrl(ids.packageId, 'index.js');
    const own = await get(url, { authorization: `Bearer ${author}` });
    expect(own.status).toBe(200);
    expect(await own.text()).toBe(INDEX);
    expect(own.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    for (const headers of [{}, { authorization: `Bearer ${stranger}` }, { authorization: 'Bearer not-a-session' }] as Record<string, string>[]) {
      const answer = await get(url, headers);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  describe('a public plugin', () => {
    let manifest: { files: { path: string; sha256: string; size: number }[] };
    const sha = (path: string) => manifest.files.find((f) => f.path === path)!.sha256;

    beforeAll(async () => {
      expect((await api('PATCH', `/api/bgpm/plugin/update-plugin/${ids.id}`, author, { private: false })).status).toBe(200);
      await eventually(async () => expect((await get(fileUrl(ids.packageId, 'index.js'))).status).toBe(200));
      manifest = (await (
        await fetch(`${stack.url}/api/bgpm/public/manifest?pluginId=${encodeURIComponent(ids.packageId)}&version=1.0.0`)
      ).json()) as typeof manifest;
    }, 30_000);

    it('serves each file raw, with its type, the manifest sha256 as ETag and immutable public caching; the pluginId as it is or encoded', async () => {
      for (const url of [fileUrl(ids.packageId, 'index.js'), fileUrl(encodeURIComponent(ids.packageId), 'index.js')]) {
        const answer = await get(url);
        expect(answer.status).toBe(200);
        expect(await answer.text()).toBe(INDEX);
        expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        expect(answer.headers.get('etag')).toBe(`"${sha('index.js')}"`);
        expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      }
      // The relative import resolves to the next file, as a browser's loader would.
      const imported = await get(new URL('./lib/hello.js', fileUrl(ids.packageId, 'index.js')).href);
      expect(imported.status).toBe(200);
      expect(await imported.text()).toBe(HELLO);
      expect(imported.headers.get('etag')).toBe(`"${sha('lib/hello.js')}"`);
    });

    it('answers 304 with no body to a matching If-None-Match, the file to any other', async () => {
      const url = fileUrl(ids.packageId, 'index.js');
      const same = await get(url, { 'if-none-match': `"${sha('index.js')}"` });
      expect(same.status).toBe(304);
      expect(await same.text()).toBe('');
      expect(same.headers.get('etag')).toBe(`"${sha('index.js')}"`);
      expect(same.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await get(url, { 'if-none-match': `W/"${sha('index.js')}", "other"` })).status).toBe(304);
      const other = await get(url, { 'if-none-match': `"${sha('lib/hello.js')}"` });
      expect(other.status).toBe(200);
      expect(await other.text()).toBe(INDEX);
    });

    it('never answers html as a page of our origin; svg keeps its type under a sandboxing CSP', async () => {
      const html = await get(fileUrl(ids.packageId, 'readme.html'));
      expect(html.status).toBe(200);
      expect(html.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(html.headers.get('content-disposition')).toBe('attachment');
      expect(html.headers.get('content-security-policy')).toContain('sandbox');
      expect(await html.text()).toBe(HTML);
      const svg = await get(fileUrl(ids.packageId, 'icon.svg'));
      expect(svg.headers.get('content-type')).toBe('image/svg+xml');
      expect(svg.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
      expect(svg.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('answers 404 for anything the manifest does not list, another version or plugin', async () => {
      for (const url of [
        fileUrl(ids.packageId, 'manifest.json'),
        fileUrl(ids.packageId, '..%2Fmanifest.json'),
        fileUrl(ids.packageId, 'lib%2F..%2Findex.js'),
        fileUrl(ids.packageId, 'nope.js'),
        fileUrl(ids.packageId, 'package.json'),
        fileUrl(ids.packageId, '%E0%A4%A'),
        fileUrl(ids.packageId, 'index.js', '2.0.0'),
        fileUrl(`${ids.packageId}-other`, 'index.js'),
      ]) {
        const answer = await get(url);
        expect({ url, status: answer.status }).toEqual({ url, status: 404 });
        expect(answer.headers.get('cache-control')).toBe('no-store');
      }
      expect(await (await get(fileUrl(ids.packageId, 'nope.js'))).json()).toMatchObject({ statusCode: 404, message: PLUGIN_MESSAGES.fileNotFound });
    });

    it('keeps the JSON route of older callers working (base64 with the same sha256)', async () => {
      const answer = await fetch(`${stack.url}/api/bgpm/public/file?pluginId=${encodeURIComponent(ids.packageId)}&version=1.0.0&path=index.js`);
      expect(answer.status).toBe(200);
      const file = (await answer.json()) as { sha256: string; contentBase64: string };
      expect(file.sha256).toBe(sha('index.js'));
      expect(Buffer.from(file.contentBase64, 'base64').toString()).toBe(INDEX);
    });
  });
});
