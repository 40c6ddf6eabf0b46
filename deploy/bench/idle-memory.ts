/**
 * Idle memory of the stack: the resident memory (VmRSS in /proc/<pid>/status) of the runner, each service
 * and the BFF, plus npm when the stack runs under `npm start`; Postgres and NATS are not counted. Goal:
 * at most 700 MiB in all (issue 6). Linux only (/proc).
 *
 * `measureIdleMemory()` takes the pids of a started stack (`stack.pids()` and the runner's pid; in a
 * process that runs startStack() from sources, like the benchmark, that "runner" also holds the
 * benchmark and a TypeScript transpiler, so its figure is not `npm start`'s);
 * `startNpmStart()` runs `npm start` itself, the way a person does, and also times it until
 * `GET /api/health` answers 200; `measureNpmStart()` does both, optionally from a fresh clone
 * (deploy/bench/cold-start.ts prints them).
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { deleteNamespaceStreams, natsAnswers } from '../src/nats';
import { createDatabase, dropDatabase, firstWorkingUrl } from '../src/postgres';
import { DEFAULT_DATABASE, localPostgresCandidates, randomNamespace } from '../src/servers';
import { freePort, REPO_ROOT } from '../src/stack';

export const IDLE_MEMORY_GOAL_MIB = 700;

export interface ProcessMemory {
  /** `npm`, `runner`, `workspace`, …, `bff`. */
  name: string;
  pid: number;
  rssMiB: number;
}

export interface IdleMemory {
  processes: ProcessMemory[];
  totalMiB: number;
  /** False when some process still used CPU when the wait for idle gave up (the figures may be high). */
  idle: boolean;
}

/** Resident memory of a process in MiB, or undefined when it is gone. */
export function rssMiB(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time a process used so far, in clock ticks (utime + stime). */
function cpuTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until every process used under 2 % of a core over a window of `windowMs` (start-up work, JIT and
 * the first garbage collections are over). Answers false when that did not happen within `timeoutMs`.
 */
export async function waitForIdle(pids: number[], windowMs = 2000, timeoutMs = 60_000): Promise<boolean> {
  const ticksPerWindow = (windowMs / 1000) * 100; // USER_HZ is 100 on Linux
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const before = pids.map(cpuTicks);
    await sleep(windowMs);
    const busy = pids.some((pid, i) => cpuTicks(pid) - before[i] > ticksPerWindow * 0.02);
    if (!busy) return true;
    if (Date.now() > deadline) return false;
  }
}

/** Waits for idle, then reads each process's resident memory. */
export async function measureIdleMemory(input: {
  /** `stack.pids()`: the services and the BFF. */
  pids: Record<string, number | undefined>;
  /** The process that runs startStack() (`npm start`'s runner, or the bench itself). */
  runnerPid?: number;
  npmPid?: number;
}): Promise<IdleMemory> {
  const named: Array<[string, number]> = [];
  if (input.npmPid) named.push(['npm', input.npmPid]);
  if (input.runnerPid) named.push(['runner', input.runnerPid]);
  for (const [name, pid] of Object.entries(input.pids)) if (pid) named.push([name, pid]);
  const idle = await waitForIdle(named.map(([, pid]) => pid));
  const processes = named.map(([name, pid]) => ({ name, pid, rssMiB: round(rssMiB(pid) ?? 0) }));
  return { processes, totalMiB: round(processes.reduce((sum, p) => sum + p.rssMiB, 0)), idle };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/** All descendants of a process (from /proc/<pid>/task/<tid>/children), with their command lines. */
export function descendants(rootPid: number): Array<{ pid: number; cmdline: string }> {
  const found: Array<{ pid: number; cmdline: string }> = [];
  const visit = (pid: number) => {
    let tasks: string[] = [];
    try {
      tasks = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      return;
    }
    for (const tid of tasks) {
      let children: number[] = [];
      try {
        children = fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      } catch {
        continue;
      }
      for (const child of children) {
        let cmdline = '';
        try {
          cmdline = fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').join(' ').trim();
        } catch {
          /* gone */
        }
        found.push({ pid: child, cmdline });
        visit(child);
      }
    }
  };
  visit(rootPid);
  return found;
}

/** Names the processes of an `npm start` tree: the runner, each service, a host of several (ADR 0073) and the BFF (by their entry files). */
export function nameStackProcesses(tree: Array<{ pid: number; cmdline: string }>): { runnerPid?: number; pids: Record<string, number> } {
  const pids: Record<string, number> = {};
  let runnerPid: number | undefined;
  const hosts: number[] = [];
  for (const { pid, cmdline } of tree) {
    if (/deploy[/\\]src[/\\]start\.[jt]s/.test(cmdline)) runnerPid = pid;
    const service = /services[/\\]([a-z-]+)[/\\]src[/\\]main\.[jt]s/.exec(cmdline);
    if (service) pids[service[1]] = pid;
    if (/bff[/\\]src[/\\]main\.[jt]s/.test(cmdline)) pids.bff = pid;
    // A host of several services (ADR 0073): `host`, or `host-1`, `host-2` … in the order started.
    if (/deploy[/\\]src[/\\]host\.[jt]s/.test(cmdline)) hosts.push(pid);
  }
  hosts.forEach((pid, i) => (pids[hosts.length === 1 ? 'host' : `host-${i + 1}`] = pid));
  return { runnerPid, pids };
}

export interface NpmStart {
  url: string;
  /** From spawning `npm start` until `GET /api/health` first answered 200. */
  startMs: number;
  npmPid: number;
  runnerPid?: number;
  pids: Record<string, number>;
  /** Ctrl-C to `npm start`, then drops the database and deletes the namespace's streams. */
  stop(): Promise<void>;
}

/**
 * Runs `npm start` in `cwd` (default: this repository) on a free port, a fresh database and a NATS
 * namespace of its own, and waits until it answers its health check.
 */
export async function startNpmStart(options: { cwd?: string; timeoutMs?: number; log?: (line: string) => void } = {}): Promise<NpmStart> {
  const cwd = options.cwd ?? REPO_ROOT;
  const timeoutMs = options.timeoutMs ?? 180_000;
  const serverUrl = process.env.DATABASE_URL ?? (await firstWorkingUrl(localPostgresCandidates(process.env, 'postgres', 5432, DEFAULT_DATABASE)));
  if (!serverUrl) throw new Error('no Postgres answers on 127.0.0.1:5432; set DATABASE_URL');
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  if (!process.env.NATS_URL && !(await natsAnswers('127.0.0.1', 4222))) throw new Error('no NATS answers on 127.0.0.1:4222; set NATS_URL');
  const databaseUrl = await createDatabase(serverUrl, `kiln_npmstart_${randomBytes(4).toString('hex')}`);
  const namespace = randomNamespace(() => randomInt(16) / 16);
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, NATS_URL: natsUrl, KILN_NAMESPACE: namespace, NO_COLOR: '1' };

  const began = Date.now();
  const npm: ChildProcess = spawn('npm', ['start'], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  for (const stream of [npm.stdout, npm.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n'))
        if (line.trim()) {
          output.push(line);
          options.log?.(line);
        }
      if (output.length > 400) output.splice(0, output.length - 400);
    });
  }
  const exited = new Promise<void>((resolve) => npm.once('close', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const cleanUp = async () => {
    await deleteNamespaceStreams(natsUrl, namespace).catch(() => undefined);
    await dropDatabase(databaseUrl).catch(() => undefined);
  };
  const stop = async () => {
    if (npm.exitCode === null && npm.signalCode === null) {
      // Like Ctrl-C in a terminal: the whole foreground group (npm, sh, the runner) gets SIGINT.
      process.kill(-npm.pid!, 'SIGINT');
      const timer = setTimeout(() => process.kill(-npm.pid!, 'SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
    await cleanUp();
  };

  let startMs: number | undefined;
  while (startMs === undefined) {
    if (npm.exitCode !== null || npm.signalCode !== null) {
      await cleanUp();
      throw new Error(`npm start exited (${npm.exitCode ?? npm.signalCode}) before answering:\n${output.slice(-40).join('\n')}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) startMs = Date.now() - began;
    } catch {
      /* not yet */
    }
    if (startMs === undefined) {
      if (Date.now() - began > timeoutMs) {
        await stop();
        throw new Error(`npm start did not answer within ${timeoutMs / 1000}s:\n${output.slice(-40).join('\n')}`);
      }
      await sleep(100);
    }
  }
  const { runnerPid, pids } = nameStackProcesses(descendants(npm.pid!));
  return { url, startMs, npmPid: npm.pid!, runnerPid, pids, stop };
}

/** A table of the figures, one process a line, with the total beside the goal. */
export function renderIdleMemory(memory: IdleMemory): string {
  const lines = memory.processes.map((p) => `  ${p.name.padEnd(16)} ${p.rssMiB.toFixed(1).padStart(7)} MiB  (pid ${p.pid})`);
  lines.push(`  ${'total'.padEnd(16)} ${memory.totalMiB.toFixed(1).padStart(7)} MiB  (goal ≤ ${IDLE_MEMORY_GOAL_MIB} MiB)${memory.idle ? '' : '  [not idle]'}`);
  return lines.join('\n');
}

export interface NpmStartFigures {
  /** Seconds from `npm start` until `GET /api/health` answered 200. */
  startMs: number;
  memory: IdleMemory;
  /** True when measured in a fresh clone of HEAD (nothing built: a cold start after install). */
  cold: boolean;
}

/**
 * Runs `npm start` (with `cold`, in a fresh clone of HEAD that shares this checkout's installed
 * node_modules but has no web/dist and no dist/server), times it until healthy, measures the idle
 * memory, then stops it and removes what it made.
 */
export async function measureNpmStart(options: { cold?: boolean; log?: (line: string) => void } = {}): Promise<NpmStartFigures> {
  const cold = options.cold ?? false;
  let cwd = REPO_ROOT;
  if (cold) {
    cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-cold-'));
    execFileSync('git', ['clone', '--quiet', '--shared', REPO_ROOT, cwd]);
    // "After install": the installed packages, at the root and any a workspace keeps for itself.
    const workspaces = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
    for (const dir of ['.', ...workspaces]) {
      const modules = path.join(REPO_ROOT, dir, 'node_modules');
      if (fs.existsSync(modules) && fs.existsSync(path.join(cwd, dir))) fs.symlinkSync(modules, path.join(cwd, dir, 'node_modules'));
    }
  }
  try {
    const started = await startNpmStart({ cwd, log: options.log });
    try {
      const memory = await measureIdleMemory({ pids: started.pids, runnerPid: started.runnerPid, npmPid: started.npmPid });
      return { startMs: started.startMs, memory, cold };
    } finally {
      await started.stop();
    }
  } finally {
    if (cold) fs.rmSync(cwd, { recursive: true, force: true });
  }
}
