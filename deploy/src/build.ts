/**
 * Compiles the server code (contracts, domain, services, bff, deploy/src) to CommonJS with SWC, so the
 * runner, the services and the BFF start from JavaScript instead of transpiling TypeScript at start
 * (see docs/adr/0016-compiled-services-and-memory.md).
 *
 * The output keeps the repository's layout under `dist/server/<hash>/`, where `<hash>` covers every
 * compiled source: a build never changes under a running process, two test runs building at once cannot
 * see each other's half-written files, and an edit to any source makes the next start build again.
 * `dist/server/current` points at the newest build (`npm start` runs `current/deploy/src/start.js`).
 * Each compiled workspace package gets a package.json whose "main"/"exports" name the .js files, and
 * `node_modules/@kiln/*` links to them, so `@kiln/contracts` resolves to compiled code the same way it
 * resolves to sources in the repository; other packages come from the repository's node_modules above.
 *
 * Written with erasable TypeScript only and without relative imports: `deploy/src/build-server.mjs`
 * runs it with Node's own type stripping, before anything is compiled.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

/** Bumped when the output layout changes, so an older build is never reused. */
const LAYOUT_VERSION = 1;

/** Workspace packages whose `src/` is compiled (web/ is built by Vite instead). */
const COMPILED_PACKAGES = [
  'contracts',
  'domain',
  'services/kit',
  'services/workspace',
  'services/plugin-registry',
  'services/assets',
  'services/commerce',
  'services/integrations',
  'services/analytics',
  'bff',
  'deploy',
];

/** The file in a build's root that marks it as complete (written last). */
export const BUILD_MARKER = 'kiln-build.json';

/** SWC options: the same transforms as the tests' @swc/jest (decorator metadata for Nest). */
const SWC_OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2023',
  },
  module: { type: 'commonjs' },
  sourceMaps: true,
  swcrc: false,
  configFile: false,
} as const;

export interface ServerBuild {
  /** `<repo>/dist/server/<hash>`: the compiled tree. */
  dir: string;
  hash: string;
  /** False when a build of these exact sources already existed. */
  built: boolean;
}

export function buildsRoot(repoRoot: string): string {
  return path.join(repoRoot, 'dist', 'server');
}

/** Every .ts source that is compiled, relative to the repository, sorted. */
export function serverSources(repoRoot: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.spec.ts')) files.push(rel);
    }
  };
  for (const pkg of COMPILED_PACKAGES) if (fs.existsSync(path.join(repoRoot, pkg, 'src'))) walk(path.join(pkg, 'src'));
  return files.sort();
}

/** A hash of what a build depends on: the sources, the package.json files, SWC's version and this layout. */
export function sourceHash(repoRoot: string, sources: string[], swcVersion: string): string {
  const hash = createHash('sha256');
  hash.update(`layout ${LAYOUT_VERSION}\nswc ${swcVersion}\n${JSON.stringify(SWC_OPTIONS)}\n`);
  for (const file of [...sources, ...COMPILED_PACKAGES.map((p) => path.join(p, 'package.json'))]) {
    hash.update(`${file}\n`);
    hash.update(fs.existsSync(path.join(repoRoot, file)) ? fs.readFileSync(path.join(repoRoot, file)) : '(none)');
    hash.update('\n');
  }
  return hash.digest('hex').slice(0, 16);
}

/** A package.json entry point (`main`, `exports`) with its .ts files named as .js. */
export function compiledEntry(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/\.ts$/, '.js');
  if (Array.isArray(value)) return value.map(compiledEntry);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, compiledEntry(v)]));
  }
  return value;
}

function swcVersion(repoRoot: string): string {
  // The version without loading the native binding (the compiled runner never needs it).
  const file = createRequire(path.join(repoRoot, 'package.json')).resolve('@swc/core/package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * Compiles the server code unless a build of the same sources exists; answers where it is. Safe to call
 * from several processes at once: each builds into a directory of its own and renames it into place.
 */
export async function buildServer(repoRoot: string, log: (line: string) => void = () => undefined): Promise<ServerBuild> {
  const root = buildsRoot(repoRoot);
  const sources = serverSources(repoRoot);
  const hash = sourceHash(repoRoot, sources, swcVersion(repoRoot));
  const dir = path.join(root, hash);
  if (fs.existsSync(path.join(dir, BUILD_MARKER))) {
    const now = new Date();
    fs.utimesSync(dir, now, now);
    pointCurrentAt(root, hash);
    return { dir, hash, built: false };
  }

  const started = Date.now();
  // Loaded only to build: a process that runs compiled code never maps SWC's native binding.
  const swc = createRequire(path.join(repoRoot, 'package.json'))('@swc/core') as typeof import('@swc/core');
  const tmp = path.join(root, `.tmp-${hash}-${process.pid}-${randomBytes(3).toString('hex')}`);
  fs.mkdirSync(tmp, { recursive: true });
  try {
    await Promise.all(
      sources.map(async (file) => {
        const output = await swc.transformFile(path.join(repoRoot, file), { ...SWC_OPTIONS, filename: file, outputPath: file });
        const target = path.join(tmp, file.replace(/\.ts$/, '.js'));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, `${output.code}\n//# sourceMappingURL=${path.basename(target)}.map\n`);
        if (output.map) fs.writeFileSync(`${target}.map`, output.map);
      }),
    );
    linkPackages(repoRoot, tmp);
    fs.writeFileSync(path.join(tmp, BUILD_MARKER), `${JSON.stringify({ hash, files: sources.length, builtAt: new Date().toISOString() })}\n`);
    try {
      fs.renameSync(tmp, dir);
    } catch (error) {
      // Another process finished the same build first: use theirs.
      if (!fs.existsSync(path.join(dir, BUILD_MARKER))) throw error;
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  } catch (error) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
  log(`compiled ${sources.length} server files in ${Date.now() - started} ms (dist/server/${hash})`);
  pointCurrentAt(root, hash);
  try {
    pruneBuilds(root, hash);
  } catch {
    /* best effort: another process may be pruning the same builds */
  }
  return { dir, hash, built: true };
}

/** package.json files naming the compiled entry points, and node_modules/@kiln/* links to them. */
function linkPackages(repoRoot: string, out: string): void {
  for (const pkg of COMPILED_PACKAGES) {
    const file = path.join(repoRoot, pkg, 'package.json');
    if (!fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    fs.mkdirSync(path.join(out, pkg), { recursive: true });
    // No "name": Jest's module map would see a second package of the same name.
    const compiled: Record<string, unknown> = {};
    for (const key of ['main', 'exports', 'type']) if (manifest[key] !== undefined) compiled[key] = compiledEntry(manifest[key]);
    fs.writeFileSync(path.join(out, pkg, 'package.json'), `${JSON.stringify(compiled, null, 2)}\n`);
    if (typeof manifest.name === 'string') {
      const link = path.join(out, 'node_modules', ...manifest.name.split('/'));
      fs.mkdirSync(path.dirname(link), { recursive: true });
      fs.symlinkSync(path.relative(path.dirname(link), path.join(out, pkg)), link);
    }
    // Dependencies npm could not hoist stay reachable from the compiled package.
    const ownModules = path.join(repoRoot, pkg, 'node_modules');
    if (fs.existsSync(ownModules)) fs.symlinkSync(path.relative(path.join(out, pkg), ownModules), path.join(out, pkg, 'node_modules'));
  }
}

/** `dist/server/current` → `<hash>`, replaced atomically. */
function pointCurrentAt(root: string, hash: string): void {
  const current = path.join(root, 'current');
  try {
    if (fs.readlinkSync(current) === hash) return;
  } catch {
    /* missing */
  }
  const tmp = path.join(root, `.current-${process.pid}-${randomBytes(3).toString('hex')}`);
  fs.symlinkSync(hash, tmp);
  fs.renameSync(tmp, current);
}

/**
 * Removes builds beyond the newest `max` that are over an hour old (a stack still running from one could
 * not restart a crashed child). A build reused by a start is touched, so it counts as new.
 */
function pruneBuilds(root: string, keep: string, max = 3): void {
  const builds = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^[0-9a-f]{16}$/.test(e.name) && e.name !== keep)
    .map((e) => ({ name: e.name, mtime: fs.statSync(path.join(root, e.name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of builds.slice(max - 1)) {
    if (Date.now() - old.mtime > 3_600_000) fs.rmSync(path.join(root, old.name), { recursive: true, force: true });
  }
  // Temporary directories of builds that died half-way, after an hour.
  for (const entry of fs.readdirSync(root)) {
    if (!entry.startsWith('.tmp-')) continue;
    const full = path.join(root, entry);
    if (Date.now() - fs.statSync(full).mtimeMs > 3_600_000) fs.rmSync(full, { recursive: true, force: true });
  }
}

/** Where the build a compiled file belongs to starts, or undefined when running from sources. */
export function buildRootOf(dirname: string, levelsUp: number): string | undefined {
  const candidate = path.resolve(dirname, ...Array<string>(levelsUp).fill('..'));
  return fs.existsSync(path.join(candidate, BUILD_MARKER)) ? candidate : undefined;
}
