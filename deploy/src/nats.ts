import { collectStartupOutput } from './processes';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import type { ConnectionOptions, NatsConnection } from 'nats';
import { natsAuthConfig, NATS_USERS, NatsUser } from './nats-auth';
import { findExecutable, natsServerArgs, streamsOfNamespace } from './servers';

type Log = (line: string) => void;

/**
 * nats.js is loaded on first use: `npm start`'s runner needs it only to explain a failed start, and
 * loading it costs every process that imports this file ~15 MiB (ADR 0016).
 */
async function connect(options: ConnectionOptions): Promise<NatsConnection> {
  const nats = await import('nats');
  return nats.connect(options);
}

/** True when something speaking NATS (it greets with `INFO {...}`) listens there. */
export function natsAnswers(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let done = false;
    const finish = (ok: boolean) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('data', (data) => finish(data.toString().startsWith('INFO')));
    socket.once('error', () => finish(false));
    socket.once('close', () => finish(false));
  });
}

export function portInUse(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export function findNatsServer(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return findExecutable('nats-server', env.PATH, isExecutable);
}

export interface StartedNats {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Starts `nats-server` with JetStream, its store in `storeDir` (kept across restarts), in its own process
 * group; with `configFile`, also its users and permissions (see nats-auth.ts).
 */
export async function startNatsServer(options: { binary: string; storeDir: string; port: number; configFile?: string; log: Log }): Promise<StartedNats> {
  const { binary, storeDir, port, configFile, log } = options;
  fs.mkdirSync(storeDir, { recursive: true });
  log(`starting ${binary} on 127.0.0.1:${port} (JetStream store in ${storeDir}${configFile ? `, users in ${configFile}` : ''})`);
  const child: ChildProcess = spawn(binary, natsServerArgs(storeDir, port, configFile), { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collectStartupOutput(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));

  const deadline = Date.now() + 15_000;
  for (;;) {
    const failed = await Promise.race([spawnError, new Promise<undefined>((r) => setTimeout(r, 200, undefined))]);
    if (failed) throw new Error(`could not start ${binary}: ${failed.message}`);
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`nats-server exited during start (code ${child.exitCode ?? child.signalCode}):\n${output.lines()}`);
    }
    if (await natsAnswers('127.0.0.1', port)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nats-server did not answer within 15s:\n${output.lines()}`);
    }
  }
  output.stop();

  let stopping: Promise<void> | undefined;
  return {
    url: `nats://127.0.0.1:${port}`,
    pid: child.pid,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
        log('nats-server stopped');
      })();
      return stopping;
    },
  };
}

/** A user of a NATS server with users (the runner's `admin` on the nats-server it started). */
export interface NatsCredentials {
  user: string;
  pass: string;
}

/** Deletes the JetStream streams of a test namespace (`<ns>_WORKSPACE_EVENTS`, …). Returns their names. */
export async function deleteNamespaceStreams(natsUrl: string, namespace: string, credentials?: NatsCredentials): Promise<string[]> {
  if (!namespace) return [];
  const nc = await connect({ servers: natsUrl.split(','), name: 'kiln-deploy-cleanup', timeout: 3000, ...credentials });
  try {
    const jsm = await nc.jetstreamManager();
    const names: string[] = [];
    const lister = jsm.streams.list();
    for await (const info of lister) names.push(info.config.name);
    const ours = streamsOfNamespace(names, namespace);
    for (const name of ours) await jsm.streams.delete(name);
    return ours;
  } finally {
    await nc.close();
  }
}

/**
 * Asks a service's health subject; answers whatever came back, or the error (e.g. "no responders").
 * The payload is Nest's NATS request envelope, so a Nest microservice answers it.
 */
export async function pingService(natsUrl: string, subject: string, timeoutMs = 2000, credentials?: NatsCredentials): Promise<string> {
  const nc = await connect({ servers: natsUrl.split(','), name: 'kiln-deploy-ping', timeout: 3000, ...credentials });
  try {
    const body = JSON.stringify({ pattern: subject, data: {}, id: `ping-${Date.now()}` });
    const reply = await nc.request(subject, new TextEncoder().encode(body), { timeout: timeoutMs });
    return new TextDecoder().decode(reply.data);
  } catch (error) {
    return `no answer: ${(error as Error).message}`;
  } finally {
    await nc.close().catch(() => undefined);
  }
}

/**
 * The passwords of the nats-server the runner starts: random once, then kept in `file` (readable by this
 * user only) so a restart reuses them; a user missing from the file gets a new one.
 */
export function loadNatsPasswords(file: string): Record<NatsUser, string> {
  let saved: Partial<Record<NatsUser, string>> = {};
  try {
    saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    /* first start */
  }
  const passwords = Object.fromEntries(
    NATS_USERS.map((user) => [user, typeof saved[user] === 'string' && saved[user] ? saved[user] : randomBytes(24).toString('hex')]),
  ) as Record<NatsUser, string>;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(passwords, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return passwords;
}

/** Writes the users and permissions (nats-auth.ts) for `namespace` to `file`, readable by this user only. */
export function writeNatsAuthConfig(file: string, namespace: string, passwords: Record<NatsUser, string>): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, natsAuthConfig({ namespace, passwords }), { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}
