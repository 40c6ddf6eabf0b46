import { ChildProcess, spawn } from 'node:child_process';
import { LineSplitter, RingBuffer } from './servers';

const COLORS = [36, 33, 35, 32, 34, 91, 96];

export interface ChildSpec {
  name: string;
  /** Node's arguments (the child runs this Node) … */
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** … or another program with its own arguments (the web build's npm). */
  command?: string;
  commandArgs?: string[];
}

export interface ExitInfo {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * A process we started, with its output printed line by line as `[name] line` and its last lines kept,
 * so a failure can show why. Runs in its own process group: a Ctrl-C reaches only the runner, which
 * then stops the children in order (a second signal would make a Nest app skip its shutdown hooks).
 */
export class ManagedChild {
  readonly output = new RingBuffer(120);
  readonly exited: Promise<ExitInfo>;
  private readonly child: ChildProcess;
  private stopping = false;

  constructor(
    readonly spec: ChildSpec,
    index: number,
    print: (line: string) => void,
    color: boolean,
  ) {
    const label = color ? `\x1b[${COLORS[index % COLORS.length]}m[${spec.name}]\x1b[0m` : `[${spec.name}]`;
    this.child = spawn(spec.command ?? process.execPath, spec.command ? (spec.commandArgs ?? []) : spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [this.child.stdout, this.child.stderr]) {
      const splitter = new LineSplitter();
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        for (const line of splitter.push(chunk)) this.emit(line, label, print);
      });
      stream?.on('end', () => {
        for (const line of splitter.flush()) this.emit(line, label, print);
      });
    }
    this.exited = new Promise((resolve) => {
      this.child.once('error', (error) => {
        this.output.push(`failed to spawn: ${error.message}`);
        resolve({ name: spec.name, code: null, signal: null });
      });
      this.child.once('close', (code, signal) => resolve({ name: spec.name, code, signal }));
    });
  }

  private emit(line: string, label: string, print: (line: string) => void): void {
    this.output.push(line);
    print(`${label} ${line}`);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** SIGTERM, then SIGKILL to the whole group after `graceMs`. */
  async stop(graceMs = 10_000): Promise<ExitInfo> {
    this.stopping = true;
    if (this.running) {
      this.signal('SIGTERM');
      const timer = setTimeout(() => this.signal('SIGKILL'), graceMs);
      const info = await this.exited;
      clearTimeout(timer);
      return info;
    }
    return this.exited;
  }

  /** Signals the child's process group (it and anything it spawned). */
  signal(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (!pid) return;
    try {
      process.kill(-pid, signal);
    } catch {
      try {
        this.child.kill(signal);
      } catch {
        /* already gone */
      }
    }
  }
}

export function describeExit(info: ExitInfo): string {
  if (info.signal) return `${info.name} was killed by ${info.signal}`;
  return `${info.name} exited with code ${info.code}`;
}

/**
 * Keeps the last lines a starting server prints, to explain a failed start; `stop()` stops listening
 * once it is up (its output is then drained and dropped).
 */
export function collectStartupOutput(child: ChildProcess, size = 50): { lines: () => string; stop: () => void } {
  const output = new RingBuffer(size);
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) output.push(line);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return {
    lines: () => output.toArray().join('\n'),
    stop: () => {
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.stdout?.resume();
      child.stderr?.resume();
    },
  };
}
