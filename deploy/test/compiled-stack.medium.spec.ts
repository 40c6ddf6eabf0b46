import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { descendants, nameStackProcesses } from '../bench/idle-memory';
import { buildServer } from '../src/build';
import { deleteNamespaceStreams } from '../src/nats';
import { createDatabase, dropDatabase, firstWorkingUrl } from '../src/postgres';
import { localPostgresCandidates, randomNamespace } from '../src/servers';
import { freePort, NPM_START_HOSTS, REPO_ROOT, SERVICES } from '../src/stack';
import { eventually } from './support/eventually';

/**
 * `npm start` runs compiled JavaScript (ADR 0016): the runner from dist/server/<hash>, and it starts the
 * services (in their hosts, ADR 0073) and the BFF from the same build. Here the compiled runner is started the way `npm start` does
 * (after `npm run build:server`), and every process of the tree is checked: it answers health, runs a .js
 * entry of the build, and neither transpiles TypeScript at start nor has SWC's native binding loaded.
 * It is started without KILN_RPC_KEY, as on a developer's machine: it makes one (ADR 0040).
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
let runner: ChildProcess;
let exited: Promise<number | null>;
let buildDir: string;
let databaseUrl: string;
let namespace: string;
let url: string;
const output: string[] = [];

function withoutRpcKey(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { KILN_RPC_KEY: _, ...rest } = env;
  return rest;
}

/** A process's environment, as the kernel shows it. */
function environOf(pid: number): Record<string, string> {
  return Object.fromEntries(
    fs
      .readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

beforeAll(async () => {
  buildDir = (await buildServer(REPO_ROOT)).dir;
  const serverUrl = process.env.DATABASE_URL ?? (await firstWorkingUrl(localPostgresCandidates(process.env, 'postgres')));
  if (!serverUrl) throw new Error('no Postgres on 127.0.0.1:5432 (set DATABASE_URL)');
  databaseUrl = await createDatabase(serverUrl, `kiln_compiled_${randomBytes(4).toString('hex')}`);
  namespace = randomNamespace(() => randomInt(16) / 16);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  runner = spawn(process.execPath, [path.join(buildDir, 'deploy', 'src', 'start.js')], {
    cwd: REPO_ROOT,
    // WEB_DIST: serve the app built already (npm test builds it first) rather than building it again.
    env: {
      ...withoutRpcKey(process.env),
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      NATS_URL,
      KILN_NAMESPACE: namespace,
      NO_COLOR: '1',
      WEB_DIST: path.join(REPO_ROOT, 'web', 'dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [runner.stdout, runner.stderr]) stream?.on('data', (chunk: Buffer) => output.push(...chunk.toString().split('\n')));
  exited = new Promise((resolve) => runner.once('exit', (code) => resolve(code)));
}, 60_000);

afterAll(async () => {
  if (runner && runner.exitCode === null) {
    runner.kill('SIGINT');
    await exited;
  }
  await deleteNamespaceStreams(NATS_URL, namespace).catch(() => undefined);
  if (databaseUrl) await dropDatabase(databaseUrl);
}, 60_000);

it('the compiled runner starts the stack and it answers its health check', async () => {
  await eventually(async () => {
    expect(runner.exitCode).toBeNull();
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
    expect(res.status).toBe(200);
  }, 90_000);
  // The runner's own health wait may lag ours by one poll.
  await eventually(() => expect(output.join('\n')).toContain('Kiln is running at'), 10_000);
}, 120_000);

it('every process runs compiled JavaScript from the build: no @swc-node/register, no SWC in memory', () => {
  const tree = descendants(runner.pid!);
  const { pids } = nameStackProcesses(tree);
  // The services in their hosts (ADR 0073), the analytics consumer (ADR 0068) and the BFF.
  expect(Object.keys(pids).sort()).toEqual([...NPM_START_HOSTS.map((_, i) => `host-${i + 1}`), 'analytics', 'bff'].sort());
  expect(NPM_START_HOSTS.flat().sort()).toEqual([...SERVICES].sort());
  const hosted = tree.filter(({ cmdline }) => /host\.js/.test(cmdline)).map(({ cmdline }) => cmdline.split(' ').slice(-3).join(' '));
  for (const group of NPM_START_HOSTS) expect(hosted.some((args) => args.endsWith(group.join(' ')))).toBe(true);
  for (const { pid, cmdline } of [{ pid: runner.pid!, cmdline: fs.readFileSync(`/proc/${runner.pid}/cmdline`, 'utf8').split('\0').join(' ') }, ...tree]) {
    expect(cmdline).not.toContain('@swc-node/register');
    expect(cmdline).not.toMatch(/\.ts(\s|$)/);
    expect(cmdline).toContain(`${buildDir}${path.sep}`);
    // SWC's native binding mapped into a process means something transpiles there.
    const maps = fs.readFileSync(`/proc/${pid}/maps`, 'utf8');
    expect(maps).not.toMatch(/@swc[/\\]core|swc-native/);
  }
});

it('gives every child one RPC key of its own making, and never prints it', () => {
  const { pids: all } = nameStackProcesses(descendants(runner.pid!));
  // The analytics consumer answers no request: it gets no key (ADR 0068).
  const { analytics, ...pids } = all;
  expect(environOf(analytics).KILN_RPC_KEY).toBeUndefined();
  const keys = Object.values(pids).map((pid) => environOf(pid).KILN_RPC_KEY);
  expect(keys).toHaveLength(NPM_START_HOSTS.length + 1);
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
  expect(environOf(runner.pid!).KILN_RPC_KEY).toBeUndefined();
  expect(output.join('\n')).not.toContain(keys[0]);
});

it('gives the store secrets key only to the host of commerce and integrations (ADR 0060, 0073)', () => {
  const { pids } = nameStackProcesses(descendants(runner.pid!));
  const holders = Object.entries(pids)
    .filter(([, pid]) => environOf(pid).KILN_SECRETS_KEY)
    .map(([name]) => name);
  expect(holders).toEqual([`host-${NPM_START_HOSTS.findIndex((group) => group.includes('commerce')) + 1}`]);
  expect(NPM_START_HOSTS.find((group) => group.includes('commerce'))).toEqual(['commerce', 'integrations']);
});

it('stops everything on Ctrl-C', async () => {
  const children = Object.values(nameStackProcesses(descendants(runner.pid!)).pids);
  runner.kill('SIGINT');
  expect(await exited).toBe(130);
  for (const pid of children) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
}, 60_000);
