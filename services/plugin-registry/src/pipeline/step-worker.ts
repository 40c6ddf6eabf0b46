/**
 * The pipeline's own steps (unzip, grab, deploy), each run in a child process of its own by the pipeline
 * runner: `node step-worker <step> <json>`. It prints log lines, then `@@RESULT <json>` on success; on
 * failure it prints the reason on stderr and exits 1. Untrusted archives are read here, never in the service.
 */
import { createHash } from 'node:crypto';
import { constants, createReadStream, createWriteStream, Stats } from 'node:fs';
import { chmod, lstat, mkdir, open, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import * as yauzl from 'yauzl';

const RESULT = '@@RESULT ';
class StepFailure extends Error {}
const log = (line: string) => process.stdout.write(`${line}\n`);

async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** The folder holding package.json: the archive's root, or its single top folder. */
async function projectRoot(dir: string): Promise<string> {
  if (
    await stat(join(dir, 'package.json')).then(
      () => true,
      () => false,
    )
  )
    return dir;
  const entries = (await readdir(dir, { withFileTypes: true })).filter((e) => !e.name.startsWith('__MACOSX'));
  if (
    entries.length === 1 &&
    entries[0]!.isDirectory() &&
    (await stat(join(dir, entries[0]!.name, 'package.json')).then(
      () => true,
      () => false,
    ))
  )
    return join(dir, entries[0]!.name);
  throw new StepFailure('The archive has no package.json at its root (or in its single top folder).');
}

interface UnzipArgs {
  zip: string;
  out: string;
  maxFiles: number;
  maxBytes: number;
}

/** Streams the entries out, refusing absolute or `..` paths, links, too many files or too many bytes. */
/** package.json as anyone may write it: any field may be missing or of another type, so each is checked where it is read. */
interface LoosePackageJson {
  scripts?: { build?: unknown };
  kiln?: { dist?: unknown; installScripts?: unknown };
  main?: unknown;
  [field: string]: unknown;
}

async function unzip({ zip, out, maxFiles, maxBytes }: UnzipArgs) {
  const zipSha256 = await sha256File(zip);
  log(`Archive sha256 ${zipSha256}`);
  await mkdir(out, { recursive: true });
  const zipfile = await new Promise<yauzl.ZipFile>((ok, ko) =>
    yauzl.open(zip, { lazyEntries: true, autoClose: true, strictFileNames: true, validateEntrySizes: true }, (e, z) =>
      e ? ko(new StepFailure(`Not a readable zip archive: ${e.message}`)) : ok(z!),
    ),
  );
  let files = 0;
  let bytes = 0;
  await new Promise<void>((ok, ko) => {
    const fail = (message: string) => {
      zipfile.close();
      ko(new StepFailure(message));
    };
    zipfile.on('error', (e: Error) => fail(`The archive is damaged: ${e.message}`));
    zipfile.on('end', () => ok());
    zipfile.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName;
      const target = resolve(out, name);
      if (name.startsWith('/') || name.split('/').includes('..') || (target !== out && !target.startsWith(out + sep)))
        return fail(`Refused: the entry "${name}" points outside the archive's folder.`);
      const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
      if (mode === 0o120000) return fail(`Refused: the entry "${name}" is a symbolic link.`);
      if (name.endsWith('/'))
        return void mkdir(target, { recursive: true }).then(
          () => zipfile.readEntry(),
          (e) => fail(e.message),
        );
      if (++files > maxFiles) return fail(`Refused: the archive has more than ${maxFiles} files.`);
      // The declared size is not trusted: bytes are counted as they are inflated.
      if (bytes + entry.uncompressedSize > maxBytes) return fail(`Refused: the archive unpacks to more than ${maxBytes} bytes.`);
      zipfile.openReadStream(entry, (e, stream) => {
        if (e || !stream) return fail(`The archive is damaged: ${e?.message}`);
        const counter = new Transform({
          transform(chunk: Buffer, _enc, next) {
            bytes += chunk.length;
            if (bytes > maxBytes) return next(new StepFailure(`Refused: the archive unpacks to more than ${maxBytes} bytes.`));
            next(null, chunk);
          },
        });
        mkdir(dirname(target), { recursive: true })
          .then(() => pipeline(stream, counter, createWriteStream(target, { mode: 0o644 })))
          .then(
            () => zipfile.readEntry(),
            (err: Error) => fail(err instanceof StepFailure ? err.message : `The archive is damaged: ${err.message}`),
          );
      });
    });
    zipfile.readEntry();
  });
  const root = await projectRoot(out);
  log(`Unpacked ${files} files (${bytes} bytes)`);
  // package.json is read once, here, before any of the plugin's code ran: later steps never read it again
  // (a build could turn it into a link to anything).
  let pkg: LoosePackageJson;
  try {
    pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  } catch {
    throw new StepFailure('package.json is not valid JSON.');
  }
  if (!pkg || typeof pkg !== 'object') throw new StepFailure('package.json is not valid JSON.');
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const deps: Record<string, string> = {};
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    for (const [name, spec] of Object.entries((pkg[field] as object) ?? {})) deps[name] = String(spec);
  }
  return {
    zipSha256,
    root,
    files,
    bytes,
    pkg: {
      build: text(pkg.scripts?.build),
      dist: text(pkg.kiln?.dist) ?? 'dist',
      main: text(pkg.main),
      installScripts: pkg.kiln?.installScripts === true,
      dependencies: deps,
    },
  };
}

interface GrabArgs {
  root: string;
  dist: string;
  main: string | null;
  out: string;
  maxFiles: number;
  maxBytes: number;
}

/** Refuses anything but a real folder at every part of `rel` below `base` (a link anywhere is refused). */
async function realFolder(base: string, rel: string): Promise<string> {
  let at = base;
  for (const part of rel.split(/[\\/]+/).filter((p) => p && p !== '.')) {
    at = join(at, part);
    const info = await lstat(at).catch(() => null);
    if (!info) throw new StepFailure(`The build produced no "${rel}" folder.`);
    if (info.isSymbolicLink()) throw new StepFailure(`Refused: "${relative(base, at)}" is a symbolic link; built files are never followed.`);
    if (!info.isDirectory()) throw new StepFailure(`Refused: "${relative(base, at)}" is not a folder.`);
  }
  return at;
}

const KINDS: [(s: Stats) => boolean, string][] = [
  [(s) => s.isSymbolicLink(), 'a symbolic link'],
  [(s) => s.isFIFO(), 'a named pipe'],
  [(s) => s.isSocket(), 'a socket'],
  [(s) => s.isBlockDevice() || s.isCharacterDevice(), 'a device'],
];

/** Built files, depth first: regular files and folders only; anything else fails the step. */
async function walk(dir: string, base: string, acc: { path: string; abs: string; size: number }[], max: number) {
  for (const entry of await readdir(dir)) {
    const abs = join(dir, entry);
    const info = await lstat(abs);
    const rel = relative(base, abs).split(sep).join(posix.sep);
    const odd = KINDS.find(([is]) => is(info));
    if (odd) throw new StepFailure(`Refused: the built file "${rel}" is ${odd[1]}; only regular files are taken.`);
    if (info.isDirectory()) await walk(abs, base, acc, max);
    else if (info.isFile()) {
      acc.push({ path: rel, abs, size: info.size });
      if (acc.length > max) throw new StepFailure(`Refused: the build produced more than ${max} files.`);
    } else throw new StepFailure(`Refused: the built file "${rel}" is not a regular file.`);
  }
}

/**
 * Copies one regular file without following anything: opened with O_NOFOLLOW, checked to be the file that
 * was listed, hashed as it is copied (the hash covers exactly the bytes kept).
 */
async function copyRegular(from: string, expected: Stats, to: string, limit: { left: number }): Promise<{ sha256: string; size: number }> {
  const source = await open(from, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => {
    throw new StepFailure(`Refused: the built file "${from}" could not be opened as a regular file.`);
  });
  try {
    const info = await source.stat();
    if (!info.isFile() || info.ino !== expected.ino || info.dev !== expected.dev)
      throw new StepFailure(`Refused: a built file changed while it was collected.`);
    await mkdir(dirname(to), { recursive: true, mode: 0o755 });
    const hash = createHash('sha256');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, next) {
        size += chunk.length;
        limit.left -= chunk.length;
        if (limit.left < 0) return next(new StepFailure('Refused: the built files are too large.'));
        hash.update(chunk);
        next(null, chunk);
      },
    });
    await pipeline(source.createReadStream({ autoClose: false }), counter, createWriteStream(to, { flags: 'wx', mode: 0o644 }));
    return { sha256: hash.digest('hex'), size };
  } finally {
    await source.close();
  }
}

/**
 * Collects the built files (package.json `kiln.dist`, default `dist/`, as read at unzip) into `out/files`:
 * regular files only, nothing followed; reads the manifest from the copies. Runs in the job's sandbox.
 */
/** kiln-plugin.json as the plugin's author wrote it: each field is checked where it is read. */
interface LooseManifest {
  groups?: unknown;
  groupCount?: unknown;
  nodes?: unknown;
  nodeCount?: unknown;
  icons?: Record<string, unknown>;
}

async function grab({ root, dist: distName, main: mainPath, out, maxFiles, maxBytes }: GrabArgs) {
  const dist = resolve(root, distName);
  if (!dist.startsWith(root + sep)) throw new StepFailure('Refused: kiln.dist points outside the package.');
  await realFolder(root, relative(root, dist));
  const listed: { path: string; abs: string; size: number }[] = [];
  await walk(dist, dist, listed, maxFiles);
  listed.sort((a, b) => (a.path < b.path ? -1 : 1));
  if (listed.reduce((n, f) => n + f.size, 0) > maxBytes) throw new StepFailure(`Refused: the built files are larger than ${maxBytes} bytes.`);
  const limit = { left: maxBytes };
  const hashed = [];
  for (const f of listed) {
    const copied = await copyRegular(f.abs, await lstat(f.abs), join(out, 'files', ...f.path.split('/')), limit);
    hashed.push({ path: f.path, size: copied.size, sha256: copied.sha256 });
  }
  const total = hashed.reduce((n, f) => n + f.size, 0);
  const filesSha256 = createHash('sha256')
    .update(hashed.map((f) => `${f.path} ${f.sha256}\n`).join(''))
    .digest('hex');
  // The manifest (kiln-plugin.json): a built file, or beside package.json (a regular file, not followed).
  let manifestText: string | null = null;
  if (hashed.some((f) => f.path === 'kiln-plugin.json')) manifestText = await readFile(join(out, 'files', 'kiln-plugin.json'), 'utf8');
  else {
    const beside = join(root, 'kiln-plugin.json');
    const info = await lstat(beside).catch(() => null);
    if (info?.isFile()) {
      await copyRegular(beside, info, join(out, 'kiln-plugin.json'), { left: 1024 * 1024 });
      manifestText = await readFile(join(out, 'kiln-plugin.json'), 'utf8');
    } else if (info) throw new StepFailure('Refused: kiln-plugin.json is not a regular file.');
  }
  let manifest: LooseManifest = {};
  if (manifestText !== null) {
    try {
      manifest = JSON.parse(manifestText) ?? {};
    } catch {
      throw new StepFailure('kiln-plugin.json is not valid JSON.');
    }
  }
  const count = (list: unknown, n: unknown) => (Array.isArray(list) ? list.length : Number.isInteger(n) ? Number(n) : 0);
  const groupCount = count(manifest.groups, manifest.groupCount);
  const nodeCount = Array.isArray(manifest.groups)
    ? manifest.groups.reduce((n: number, g: { nodes?: unknown } | null) => n + (Array.isArray(g?.nodes) ? g.nodes.length : 0), 0) ||
      count(manifest.nodes, manifest.nodeCount)
    : count(manifest.nodes, manifest.nodeCount);
  const icons: Record<string, string> = {};
  for (const [slot, file] of Object.entries(manifest.icons ?? {})) if (typeof file === 'string' && hashed.some((f) => f.path === file)) icons[slot] = file;
  const main = mainPath ? posix.relative(distName, mainPath) : null;
  log(`Collected ${hashed.length} files (${total} bytes), ${groupCount} groups, ${nodeCount} nodes; files sha256 ${filesSha256}`);
  return { files: hashed, filesSha256, groupCount, nodeCount, icons, main: main && hashed.some((f) => f.path === main) ? main : null };
}

interface DeployArgs {
  from: string;
  target: string;
  manifest: { files: { path: string; sha256: string }[] } & Record<string, unknown>;
}

/**
 * Stores the collected files immutably under pluginId@version: written aside, made read-only, then renamed
 * into place. Runs in a sandbox that shows only the collected files (read-only) and the plugins folder.
 */
async function deploy({ from, target, manifest }: DeployArgs) {
  const existing = await readFile(join(target, 'manifest.json'), 'utf8').catch(() => null);
  if (existing !== null) {
    // A resumed job may find its own earlier deploy: the same files are fine, other files never replace them.
    if (JSON.stringify(JSON.parse(existing).files) === JSON.stringify(manifest.files)) return log('Already deployed with the same files') ?? { target };
    throw new StepFailure('This version is already deployed with other files; deployed versions are immutable.');
  }
  const staging = `${target}.staging-${process.pid}-${Date.now()}`;
  await mkdir(staging, { mode: 0o700 });
  for (const file of manifest.files) {
    const src = join(from, ...file.path.split('/'));
    const info = await lstat(src);
    if (!info.isFile()) throw new StepFailure(`Refused: "${file.path}" is not a regular file.`);
    const to = join(staging, 'files', ...file.path.split('/'));
    const copied = await copyRegular(src, info, to, { left: Number.MAX_SAFE_INTEGER });
    if (copied.sha256 !== file.sha256) throw new StepFailure(`Refused: "${file.path}" changed after it was collected.`);
  }
  await writeFile(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2), { flag: 'wx', mode: 0o444 });
  // Only what we just created is made read-only (chmod is never given a path we did not make).
  const lock = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) await lock(abs);
      else if (!entry.isFile()) throw new StepFailure('Refused: the staging folder holds something other than files.');
      await chmod(abs, entry.isDirectory() ? 0o555 : 0o444);
    }
  };
  await lock(staging);
  await chmod(staging, 0o555);
  await rename(staging, target);
  log(`Deployed ${manifest.files.length} files`);
  return { target };
}

// The arguments come as JSON from the pipeline runner, the ones of the step it names.
const steps: Record<string, (args: UnzipArgs & GrabArgs & DeployArgs) => Promise<unknown>> = { unzip, grab, deploy };

async function main() {
  const [step, json] = process.argv.slice(2);
  const run = steps[step!];
  if (!run) throw new StepFailure(`unknown step ${step}`);
  const result = await run(JSON.parse(json!));
  process.stdout.write(`${RESULT}${JSON.stringify(result)}\n`);
}

main().then(
  () => process.exit(0),
  (e: Error) => {
    process.stderr.write(`${e instanceof StepFailure ? e.message : `Failed: ${e.message}`}\n`);
    process.exit(1);
  },
);
