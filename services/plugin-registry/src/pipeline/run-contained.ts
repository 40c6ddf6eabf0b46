import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface ContainedRun {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  maxOutputBytes: number;
  maxMemoryBytes: number;
  /** Run as this user (when the service is root). */
  user?: { uid: number; gid: number };
  /** Wrap in bubblewrap: only these folders are visible (rw: the job's folder), network per flag. */
  sandbox?: { writable: string[]; readable: string[]; network: boolean } | null;
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

const BWRAP = ['/usr/bin/bwrap', '/bin/bwrap'].find((p) => existsSync(p)) ?? null;
export const sandboxAvailable = (): boolean => BWRAP !== null;

/** bubblewrap arguments: a fresh root with /usr read-only, the given folders, no other data of ours. */
function bwrapArgs(s: NonNullable<ContainedRun['sandbox']>, cwd: string): string[] {
  const args = ['--unshare-all', '--die-with-parent', '--new-session', '--ro-bind', '/usr', '/usr', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'];
  if (s.network) args.push('--share-net');
  for (const link of ['/bin', '/lib', '/lib64', '/sbin']) {
    if (!existsSync(link)) continue;
    if (lstatSync(link).isSymbolicLink()) args.push('--symlink', `usr${link}`, link);
    else args.push('--ro-bind', link, link);
  }
  for (const f of ['/etc/resolv.conf', '/etc/hosts', '/etc/ssl', '/etc/ca-certificates', '/etc/nsswitch.conf']) if (existsSync(f)) args.push('--ro-bind', f, f);
  for (const dir of s.readable) args.push('--ro-bind', dir, dir);
  for (const dir of s.writable) args.push('--bind', dir, dir);
  args.push('--chdir', cwd, '--');
  return args;
}

/** Resident memory of a process group, from /proc (the group is the child's own session). */
function groupRss(pgid: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      total += Number(fields[21]) * 4096;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/**
 * Runs one untrusted or risky command in a child process with a time, memory and output-size limit, a
 * given (minimal) environment, as its own user, in a bubblewrap sandbox when asked and available. The whole
 * process group is killed at a limit. Output arrives line by line.
 */
export function runContained(run: ContainedRun): Promise<ContainedResult> {
  const sandboxed = run.sandbox && BWRAP;
  const command = sandboxed ? BWRAP! : run.command;
  const args = sandboxed ? [...bwrapArgs(run.sandbox!, run.cwd), run.command, ...run.args] : run.args;
  const asUser = run.user && process.getuid?.() === 0 ? run.user : undefined;
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: run.cwd, env: run.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'], ...(asUser ? { uid: asUser.uid, gid: asUser.gid } : {}) });
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
      if (child.pid && groupRss(child.pid) > run.maxMemoryBytes) kill(`Stopped: the step used more than ${Math.round(run.maxMemoryBytes / 1048576)} MiB of memory.`);
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
    const done = (code: number | null, error?: Error) => {
      clearTimeout(timer);
      clearInterval(memory);
      run.signal?.removeEventListener('abort', onAbort);
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
