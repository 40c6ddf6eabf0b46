import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Isolation } from './isolation';

export interface ContainedRun {
  /** The sandbox to run in (never optional: a step that cannot be isolated is not run; ADR 0039). */
  isolation: Isolation;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  maxOutputBytes: number;
  maxMemoryBytes: number;
  /** Visible folders and the network (see SandboxSpec). */
  writable: string[];
  readable: string[];
  network: boolean;
  /** The job's own user (when the service is root); null: our user without capabilities. */
  user: { uid: number; gid: number } | null;
  onLine(stream: 'stdout' | 'stderr', line: string): void;
  /** Aborted when the service shuts down: the step is killed (the job's lease then lets it resume). */
  signal?: AbortSignal;
}

export interface ContainedResult {
  ok: boolean;
  code: number | null;
  /** Why it was stopped: a limit, or the exit code. */
  reason: string | null;
}

/**
 * Resident memory of every process of a step: the wrapper and all its descendants (in a pid namespace, an
 * orphan is adopted by the namespace's first process, itself a descendant, so none escapes the count).
 */
function stepRss(wrapperPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const parent = Number(fields[1]);
      rss.set(pid, Number(fields[21]) * 4096);
      children.set(parent, [...(children.get(parent) ?? []), pid]);
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  for (const queue = [wrapperPid]; queue.length > 0;) {
    const pid = queue.pop()!;
    total += rss.get(pid) ?? 0;
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

/**
 * Runs one untrusted or risky command in a sandbox of its own (the isolation's namespaces; ADR 0039) with a
 * time, memory and output-size limit and a given (minimal) environment. At a limit the wrapper is killed,
 * and with it every process of the step (pid namespace). Output arrives line by line.
 */
export function runContained(run: ContainedRun): Promise<ContainedResult> {
  const wrapped = run.isolation.wrap({
    command: run.command,
    args: run.args,
    cwd: run.cwd,
    writable: run.writable,
    readable: run.readable,
    network: run.network,
    user: run.user,
  });
  return new Promise((resolvePromise) => {
    const child = spawn(wrapped.command, wrapped.args, {
      cwd: '/',
      env: run.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(wrapped.spawnAs ? { uid: wrapped.spawnAs.uid, gid: wrapped.spawnAs.gid } : {}),
    });
    let stopped: string | null = null;
    let output = 0;
    const kill = (reason: string) => {
      if (stopped) return;
      stopped = reason;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const onAbort = () => kill('Stopped: the service is shutting down.');
    run.signal?.addEventListener('abort', onAbort);
    const timer = setTimeout(() => kill(`Stopped: the step took longer than ${Math.round(run.timeoutMs / 100) / 10} s.`), run.timeoutMs);
    const memory = setInterval(() => {
      if (child.pid && stepRss(child.pid) > run.maxMemoryBytes)
        kill(`Stopped: the step used more than ${Math.round(run.maxMemoryBytes / 1048576)} MiB of memory.`);
    }, 250);
    for (const stream of ['stdout', 'stderr'] as const) {
      let rest = '';
      child[stream].setEncoding('utf8');
      child[stream].on('data', (chunk: string) => {
        output += Buffer.byteLength(chunk);
        if (output > run.maxOutputBytes) return kill(`Stopped: the step wrote more than ${run.maxOutputBytes} bytes of output.`);
        const lines = (rest + chunk).split(/\r?\n/);
        rest = lines.pop()!;
        for (const line of lines) if (line.trim()) run.onLine(stream, line.slice(0, 2000));
      });
      child[stream].on('end', () => rest.trim() && !stopped && run.onLine(stream, rest.slice(0, 2000)));
    }
    let settled = false;
    const done = (code: number | null, error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(memory);
      run.signal?.removeEventListener('abort', onAbort);
      try {
        wrapped.cleanup?.();
      } catch {
        // an empty folder left in the temporary folder
      }
      if (stopped) return resolvePromise({ ok: false, code, reason: stopped });
      if (error) return resolvePromise({ ok: false, code, reason: `Could not start: ${error.message}` });
      resolvePromise({ ok: code === 0, code, reason: code === 0 ? null : `Exited with code ${code}.` });
    };
    child.on('error', (e) => done(null, e));
    child.on('close', (code) => done(code));
  });
}

/** The folder of the node binary the steps use (ours, pinned). */
export const nodeDir = () => dirname(process.execPath);
