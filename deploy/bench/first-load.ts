/**
 * First-load JavaScript of the built web app (web/dist): what a browser must download before `/` runs,
 * that is the entry chunk and every chunk it imports statically, transitively. Dynamic imports (the 3D
 * viewer) load later, where they are used, and are not counted. Read from the build's own records:
 * dist/.vite/manifest.json (vite `build.manifest`) and dist/.vite/chunk-modules.json (which modules
 * each chunk holds, written by web/vite.config.ts).
 *
 * Goal (issue 6): at most 120 KB of brotli, the encoding browsers are sent (the BFF serves the build's
 * .br files), and no server-only module. deploy/bench/first-load.spec.ts holds the build to it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';

/** 120 KB, in the decimal kilobytes vite's build report uses. */
export const FIRST_LOAD_BUDGET_BYTES = 120_000;

export const DEFAULT_WEB_DIST = path.resolve(__dirname, '../../web/dist');

/**
 * Module ids that must never reach the browser's first load, with why. Ids are repo-relative paths,
 * `node_modules/<package>/...`, or bundler-made ids (`\0...`, `__vite-browser-external:...`).
 */
export const SERVER_ONLY: { pattern: RegExp; why: string }[] = [
  { pattern: /^contracts\/src\/docs\//, why: 'API document generators (OpenAPI, AsyncAPI, event catalogue): @kiln/contracts/docs, server-side' },
  { pattern: /^(node:|__vite-browser-external)/, why: 'a Node.js built-in' },
  { pattern: /^(bff|services|deploy)\//, why: 'server code' },
  {
    pattern: /(^|\/)node_modules\/(zod-to-json-schema|@nestjs\/[^/]+|express|helmet|nats|pg|kysely|argon2|socket\.io|reflect-metadata)\//,
    why: 'a server-side package',
  },
];

/** The entries of dist/.vite/manifest.json this module reads. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface FirstLoad {
  /** JS files the first load fetches, relative to the dist folder, entry first. */
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

/** The JS files of the first load: the HTML entry's chunk and its static imports, transitively. */
export function firstLoadFiles(manifest: Manifest): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length === 0) throw new Error('the build manifest has no entry chunk');
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest names ${key} but has no entry for it`);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  // index.html first: the page a signed-in user opens at `/`.
  for (const key of entries.sort((a, b) => Number(b === 'index.html') - Number(a === 'index.html'))) visit(key);
  return files;
}

/** Module ids in `files` that match SERVER_ONLY, with the reason. */
export function serverOnlyModules(chunkModules: Record<string, string[]>, files: string[]): { file: string; id: string; why: string }[] {
  const found: { file: string; id: string; why: string }[] = [];
  for (const file of files) {
    const ids = chunkModules[file];
    if (!ids) throw new Error(`chunk-modules.json has no list for ${file}`);
    for (const id of ids) {
      const rule = SERVER_ONLY.find(({ pattern }) => pattern.test(id));
      if (rule) found.push({ file, id, why: rule.why });
    }
  }
  return found;
}

function readBuildJson<T>(distDir: string, name: string): T {
  const file = path.join(distDir, '.vite', name);
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: run npm run build:web first (the first-load figures come from the build).`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

export const readManifest = (distDir = DEFAULT_WEB_DIST) => readBuildJson<Manifest>(distDir, 'manifest.json');
export const readChunkModules = (distDir = DEFAULT_WEB_DIST) => readBuildJson<Record<string, string[]>>(distDir, 'chunk-modules.json');

/**
 * Bytes of one file as sent with an encoding: the build's precompressed copy when there is one (what the
 * BFF serves), otherwise compressed here the same way (brotli quality 11, gzip level 9).
 */
function encodedSize(file: string, raw: Buffer, encoding: 'br' | 'gz'): number {
  const copy = `${file}.${encoding}`;
  if (fs.existsSync(copy)) return fs.statSync(copy).size;
  return encoding === 'br'
    ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
        .length
    : gzipSync(raw, { level: 9 }).length;
}

/** First-load JS of the build in `distDir` (default web/dist): files and their raw, gzip and brotli bytes. */
export async function measureFirstLoad(distDir = DEFAULT_WEB_DIST): Promise<FirstLoad> {
  const files = firstLoadFiles(readManifest(distDir));
  const load: FirstLoad = { files, rawBytes: 0, gzipBytes: 0, brotliBytes: 0 };
  for (const file of files) {
    const absolute = path.join(distDir, file);
    const raw = await fs.promises.readFile(absolute);
    load.rawBytes += raw.length;
    load.gzipBytes += encodedSize(absolute, raw, 'gz');
    load.brotliBytes += encodedSize(absolute, raw, 'br');
  }
  return load;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** One line for the bench report. */
export function renderFirstLoad(load: FirstLoad): string {
  const verdict = load.brotliBytes <= FIRST_LOAD_BUDGET_BYTES ? 'within' : 'OVER';
  return (
    `first load of / : ${kB(load.brotliBytes)} brotli (goal ≤ ${kB(FIRST_LOAD_BUDGET_BYTES)}, ${verdict}), ${kB(load.gzipBytes)} gzip, ` +
    `${kB(load.rawBytes)} raw in ${load.files.length} JS file(s): ${load.files.join(', ')}`
  );
}
