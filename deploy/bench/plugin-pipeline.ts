/**
 * The plugin pipeline's wall time (issue 9): the fixture plugin uploaded, attached and published through
 * the API until its version is built and deployed (unzip, install, build, grab, deploy, each contained in
 * its own child process, progress as events), beside a bare `npm install && npm run build` of the same files
 * in a temporary folder, in the same run. Runs alternate so both see the same machine load.
 */
import { spawn } from 'node:child_process';
import { chmodSync, createWriteStream, readdirSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as yauzl from 'yauzl';
import { buildingPlugin } from '../../services/plugin-registry/test/support/fixtures';
import { BenchUser, registerUser } from './kiln';

export interface PipelineBench {
  runs: number;
  /** Publish → version done, through the API (ms), one per run. */
  pipelineMs: number[];
  /** The five steps' own durations (s) of the last run, as the actions report them. */
  steps: Record<string, number | null>;
  /** `npm install && npm run build` of the same files (ms), one per run. */
  bareMs: number[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON answers, read loosely by the bench as by the tests
async function api(url: string, user: BenchUser, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${user.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** One pipeline run: a new plugin with version 1.0.0, the zip uploaded and attached, published; timed from publish to done. */
async function pipelineRun(url: string, user: BenchUser, zip: Buffer, n: number): Promise<{ ms: number; steps: Record<string, number | null> }> {
  const tag = `${Date.now().toString(36)}${n}`;
  const plugin = await api(url, user, 'POST', '/api/bgpm/plugin/create-plugin', {
    name: `Bench plugin ${tag}`,
    pluginId: `@bench/plugin-${tag}`,
    description: '<p>Bench</p>',
    type: 'library',
  });
  await api(url, user, 'POST', '/api/bgpm/plugin-version/create-new-version', { pluginId: plugin.id, version: '1.0.0' });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(zip)]), 'plugin.zip');
  const uploaded = await fetch(`${url}/api/upload?repo=plugin&folder=${encodeURIComponent(`@bench/plugin-${tag}/1_0_0`)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const [media] = (await uploaded.json()) as { id: string }[];
  await api(url, user, 'PATCH', `/api/bgpm/plugin-version/assign-zip-file/${plugin.id}/1.0.0`, { mediaId: media!.id });
  const where = encodeURIComponent(JSON.stringify({ pluginId: plugin.id, version: '1.0.0' }));
  const started = Date.now();
  await api(url, user, 'POST', '/api/bgpm/plugin-action/publish', { pluginId: plugin.id, version: '1.0.0' });
  for (;;) {
    const version = (await api(url, user, 'GET', `/api/bgpm/plugin-version?where=${where}`)).data[0];
    if (!version.running) {
      const ms = Date.now() - started;
      if (version.status !== 'done') throw new Error(`the pipeline ended ${version.status}`);
      const actions = (await api(url, user, 'GET', `/api/bgpm/bgpm-plugin-action?where=${where}`)).data as { action: string; duration: number | null }[];
      return { ms, steps: Object.fromEntries(actions.map((a) => [a.action, a.duration])) };
    }
    // Polled every 25 ms: the figure is at most that late.
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Unpacks the zip into `dir` (the fixture is trusted: no checks, unlike the pipeline's unzip step). */
async function extract(zip: Buffer, dir: string): Promise<void> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(zip, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z!))));
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return archive.readEntry();
      archive.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const target = join(dir, entry.fileName);
        await mkdir(dirname(target), { recursive: true });
        await pipeline(stream!, createWriteStream(target));
        archive.readEntry();
      });
    });
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
}

const run = (command: string, args: string[], cwd: string) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'ignore', env: { ...process.env, npm_config_cache: join(cwd, '.npm-cache') } });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))));
  });

/** The same files, unpacked, then `npm install && npm run build` as one would by hand (timed without the unpacking). */
async function bareRun(zip: Buffer): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'kiln-bench-bare-'));
  try {
    await extract(zip, dir);
    const root = join(dir, 'fixture');
    const started = Date.now();
    await run('npm', ['install', '--no-audit', '--no-fund'], root);
    await run('npm', ['run', 'build'], root);
    return Date.now() - started;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function pluginPipelineBench(url: string, say: (line: string) => void, runs = 3): Promise<PipelineBench> {
  const zip = await buildingPlugin();
  const user = await registerUser(url);
  const result: PipelineBench = { runs, pipelineMs: [], steps: {}, bareMs: [] };
  for (let i = 0; i < runs; i++) {
    const { ms, steps } = await pipelineRun(url, user, zip, i);
    result.pipelineMs.push(ms);
    result.steps = steps;
    result.bareMs.push(await bareRun(zip));
    say(`plugin pipeline run ${i + 1}/${runs}: pipeline ${ms} ms, bare npm install && npm run build ${result.bareMs[i]} ms`);
  }
  return result;
}

export function renderPluginPipeline(b: PipelineBench): string {
  const p = median(b.pipelineMs);
  const bare = median(b.bareMs);
  const steps = Object.entries(b.steps)
    .map(([name, s]) => `${name} ${s === null ? '?' : s.toFixed(2)} s`)
    .join(', ');
  return [
    `Plugin pipeline (fixture plugin, ${b.runs} runs, medians): publish → done ${p} ms; bare \`npm install && npm run build\` of the same files ${bare} ms; ` +
      `pipeline / bare ${(p / bare).toFixed(2)}× (no goal: the pipeline adds unzip with checks, hashing, the sandbox, grab and deploy, and events per step).`,
    `- steps of the last run: ${steps}`,
  ].join('\n');
}

/** Removes the run's storage folder; deployed plugins are read-only folders, made writable first. */
export function removeStorage(dir: string): void {
  const writable = (folder: string) => {
    chmodSync(folder, 0o755);
    for (const entry of readdirSync(folder, { withFileTypes: true })) if (entry.isDirectory()) writable(join(folder, entry.name));
  };
  try {
    writable(dir);
    rmSync(dir, { recursive: true, force: true });
  } catch {
    // Left in the temporary folder: harmless.
  }
}
