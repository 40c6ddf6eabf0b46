/**
 * The pipeline's own steps (unzip, grab, deploy), each run in a child process of its own by the pipeline
 * runner: `node step-worker <step> <json>`. It prints log lines, then `@@RESULT <json>` on success; on
 * failure it prints the reason on stderr and exits 1. Untrusted archives are read here, never in the service.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, cp, lstat, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
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
  if (await stat(join(dir, 'package.json')).then(() => true, () => false)) return dir;
  const entries = (await readdir(dir, { withFileTypes: true })).filter((e) => !e.name.startsWith('__MACOSX'));
  if (entries.length === 1 && entries[0]!.isDirectory() && (await stat(join(dir, entries[0]!.name, 'package.json')).then(() => true, () => false))) return join(dir, entries[0]!.name);
  throw new StepFailure('The archive has no package.json at its root (or in its single top folder).');
}

interface UnzipArgs { zip: string; out: string; maxFiles: number; maxBytes: number }

/** Streams the entries out, refusing absolute or `..` paths, links, too many files or too many bytes. */
async function unzip({ zip, out, maxFiles, maxBytes }: UnzipArgs) {
  const zipSha256 = await sha256File(zip);
  log(`Archive sha256 ${zipSha256}`);
  await mkdir(out, { recursive: true });
  const zipfile = await new Promise<yauzl.ZipFile>((ok, ko) => yauzl.open(zip, { lazyEntries: true, autoClose: true, strictFileNames: true, validateEntrySizes: true }, (e, z) => (e ? ko(new StepFailure(`Not a readable zip archive: ${e.message}`)) : ok(z!))));
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
      if (name.startsWith('/') || name.split('/').includes('..') || (target !== out && !target.startsWith(out + sep))) return fail(`Refused: the entry "${name}" points outside the archive's folder.`);
      const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
      if (mode === 0o120000) return fail(`Refused: the entry "${name}" is a symbolic link.`);
      if (name.endsWith('/')) return void mkdir(target, { recursive: true }).then(() => zipfile.readEntry(), (e) => fail(e.message));
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
          .then(() => zipfile.readEntry(), (err: Error) => fail(err instanceof StepFailure ? err.message : `The archive is damaged: ${err.message}`));
      });
    });
    zipfile.readEntry();
  });
  const root = await projectRoot(out);
  log(`Unpacked ${files} files (${bytes} bytes)`);
  return { zipSha256, root, files, bytes };
}

interface GrabArgs { root: string; maxFiles: number; maxBytes: number }

async function walk(dir: string, base: string, acc: { path: string; abs: string; size: number }[], max: number) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const abs = join(dir, entry.name);
    const info = await lstat(abs);
    if (info.isSymbolicLink()) throw new StepFailure(`Refused: the built file "${relative(base, abs)}" is a symbolic link.`);
    if (info.isDirectory()) await walk(abs, base, acc, max);
    else if (info.isFile()) {
      acc.push({ path: relative(base, abs).split(sep).join(posix.sep), abs, size: info.size });
      if (acc.length > max) throw new StepFailure(`Refused: the build produced more than ${max} files.`);
    }
  }
}

/** Collects the built files (package.json `kiln.dist`, default `dist/`), hashes them, reads the manifest. */
async function grab({ root, maxFiles, maxBytes }: GrabArgs) {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  const distName: string = pkg.kiln?.dist ?? 'dist';
  const dist = resolve(root, distName);
  if (!dist.startsWith(root + sep)) throw new StepFailure('Refused: kiln.dist points outside the package.');
  if (!(await stat(dist).then((s) => s.isDirectory(), () => false))) throw new StepFailure(`The build produced no "${distName}" folder.`);
  const files: { path: string; abs: string; size: number }[] = [];
  await walk(dist, dist, files, maxFiles);
  files.sort((a, b) => (a.path < b.path ? -1 : 1));
  const total = files.reduce((n, f) => n + f.size, 0);
  if (total > maxBytes) throw new StepFailure(`Refused: the built files are larger than ${maxBytes} bytes.`);
  const hashed = [];
  for (const f of files) hashed.push({ path: f.path, size: f.size, sha256: await sha256File(f.abs) });
  const filesSha256 = createHash('sha256').update(hashed.map((f) => `${f.path} ${f.sha256}\n`).join('')).digest('hex');
  // The manifest (kiln-plugin.json, beside package.json or in the built folder): groups and nodes, icons.
  const manifestPath = [join(dist, 'kiln-plugin.json'), join(root, 'kiln-plugin.json')];
  let manifest: any = {};
  for (const p of manifestPath) {
    const text = await readFile(p, 'utf8').catch(() => null);
    if (text !== null) {
      try {
        manifest = JSON.parse(text);
      } catch {
        throw new StepFailure('kiln-plugin.json is not valid JSON.');
      }
      break;
    }
  }
  const count = (list: unknown, n: unknown) => (Array.isArray(list) ? list.length : Number.isInteger(n) ? Number(n) : 0);
  const groupCount = count(manifest.groups, manifest.groupCount);
  const nodeCount = Array.isArray(manifest.groups) ? manifest.groups.reduce((n: number, g: any) => n + (Array.isArray(g?.nodes) ? g.nodes.length : 0), 0) || count(manifest.nodes, manifest.nodeCount) : count(manifest.nodes, manifest.nodeCount);
  const icons: Record<string, string> = {};
  for (const [slot, file] of Object.entries(manifest.icons ?? {})) if (typeof file === 'string' && hashed.some((f) => f.path === file)) icons[slot] = file;
  const main = typeof pkg.main === 'string' ? posix.relative(distName, pkg.main) : null;
  log(`Collected ${hashed.length} files (${total} bytes), ${groupCount} groups, ${nodeCount} nodes; files sha256 ${filesSha256}`);
  return { dist, files: hashed, filesSha256, groupCount, nodeCount, icons, main: main && hashed.some((f) => f.path === main) ? main : null };
}

interface DeployArgs { dist: string; target: string; manifest: { files: { path: string; sha256: string }[] } & Record<string, unknown> }

/** Stores the files immutably under pluginId@version: written aside, made read-only, then renamed into place. */
async function deploy({ dist, target, manifest }: DeployArgs) {
  const existing = await readFile(join(target, 'manifest.json'), 'utf8').catch(() => null);
  if (existing !== null) {
    // A resumed job may find its own earlier deploy: the same files are fine, other files never replace them.
    if (JSON.stringify(JSON.parse(existing).files) === JSON.stringify(manifest.files)) return log('Already deployed with the same files') ?? { target };
    throw new StepFailure('This version is already deployed with other files; deployed versions are immutable.');
  }
  const staging = `${target}.staging-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(dirname(target), { recursive: true });
  await cp(dist, join(staging, 'files'), { recursive: true, dereference: false, errorOnExist: true });
  await writeFile(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
  const lock = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) await lock(abs);
      await chmod(abs, entry.isDirectory() ? 0o555 : 0o444);
    }
  };
  await lock(staging);
  await rename(staging, target);
  await chmod(target, 0o555);
  log(`Deployed ${manifest.files.length} files`);
  return { target };
}

const steps: Record<string, (args: any) => Promise<unknown>> = { unzip, grab, deploy };

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
