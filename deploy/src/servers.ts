/**
 * Pure helpers that decide which Postgres and NATS servers the stack uses. No I/O here: the probes are
 * done by the caller (postgres.ts, nats.ts) and their results passed in, so the rules are unit-tested.
 */
import * as path from 'node:path';

export const DEFAULT_PG_HOST = '127.0.0.1';
export const DEFAULT_PG_PORT = 5432;
export const DEFAULT_NATS_PORT = 4222;
export const DEFAULT_DATABASE = 'kiln';

/** Credentials of the embedded Postgres cluster this tool creates in `.data/postgres`. */
export const EMBEDDED_PG_USER = 'postgres';
export const EMBEDDED_PG_PASSWORD = 'password';

export const NATS_NOT_FOUND_MESSAGE = 'nats-server not found. Install it with: sudo apt-get install nats-server (Debian package nats-server), or set NATS_URL.';

export type PostgresChoice = { kind: 'env'; url: string } | { kind: 'local'; url: string } | { kind: 'embedded'; port: number };

export type NatsChoice =
  { kind: 'env'; url: string } | { kind: 'local'; url: string } | { kind: 'start'; port: number; binary: string } | { kind: 'missing'; message: string };

/** `DATABASE_URL` wins; then a Postgres already answering locally; then an embedded one we start. */
export function choosePostgres(input: {
  databaseUrl?: string;
  /** A URL that connected to the local server on the default port, if any. */
  localUrl?: string;
  embeddedPort?: number;
}): PostgresChoice {
  if (input.databaseUrl) return { kind: 'env', url: input.databaseUrl };
  if (input.localUrl) return { kind: 'local', url: input.localUrl };
  return { kind: 'embedded', port: input.embeddedPort ?? DEFAULT_PG_PORT };
}

/** `NATS_URL` wins; then a NATS answering locally; then a `nats-server` binary we start; else a clear error. */
export function chooseNats(input: { natsUrl?: string; localAnswers: boolean; port?: number; binary?: string }): NatsChoice {
  const port = input.port ?? DEFAULT_NATS_PORT;
  if (input.natsUrl) return { kind: 'env', url: input.natsUrl };
  if (input.localAnswers) return { kind: 'local', url: `nats://127.0.0.1:${port}` };
  if (input.binary) return { kind: 'start', port, binary: input.binary };
  return { kind: 'missing', message: NATS_NOT_FOUND_MESSAGE };
}

/**
 * The URLs tried, in order, against the local Postgres on the default port: the user from `PGUSER`
 * (with `PGPASSWORD`) when set, else `postgres` and the current OS user (trust auth), and last the
 * embedded cluster's own credentials (a cluster left running by an earlier `npm start`).
 */
export function localPostgresCandidates(env: NodeJS.ProcessEnv, osUser: string, port = DEFAULT_PG_PORT, database = DEFAULT_DATABASE): string[] {
  const users: Array<{ user: string; password?: string }> = [];
  if (env.PGUSER) users.push({ user: env.PGUSER, password: env.PGPASSWORD });
  else {
    users.push({ user: 'postgres', password: env.PGPASSWORD });
    if (osUser && osUser !== 'postgres') users.push({ user: osUser, password: env.PGPASSWORD });
  }
  users.push({ user: EMBEDDED_PG_USER, password: EMBEDDED_PG_PASSWORD });
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const { user, password } of users) {
    const url = postgresUrl({ user, password, host: DEFAULT_PG_HOST, port, database });
    if (!seen.has(url)) {
      seen.add(url);
      urls.push(url);
    }
  }
  return urls;
}

export function postgresUrl(p: { user: string; password?: string; host: string; port: number; database: string }): string {
  const auth = p.password ? `${encodeURIComponent(p.user)}:${encodeURIComponent(p.password)}` : encodeURIComponent(p.user);
  return `postgres://${auth}@${p.host}:${p.port}/${encodeURIComponent(p.database)}`;
}

/** The same server and credentials, another database: `…/kiln` → `…/postgres`. Query string kept. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

export function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  return name || DEFAULT_DATABASE;
}

/** Hides the password when a URL is printed. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

/** Postgres identifiers we create ourselves: letters, digits, underscore; nothing to quote or inject. */
export function isSafeDatabaseName(name: string): boolean {
  return /^[a-z_][a-z0-9_]{0,62}$/.test(name);
}

/** Where to look for `nats-server`: every PATH entry, then the usual install places. */
export function executableCandidates(name: string, pathEnv: string | undefined, extraDirs = ['/usr/sbin', '/usr/local/bin', '/usr/bin']): string[] {
  const dirs = [...(pathEnv ?? '').split(path.delimiter).filter(Boolean), ...extraDirs];
  return [...new Set(dirs.map((dir) => path.join(dir, name)))];
}

export function findExecutable(name: string, pathEnv: string | undefined, isExecutable: (file: string) => boolean, extraDirs?: string[]): string | undefined {
  return executableCandidates(name, pathEnv, extraDirs).find(isExecutable);
}

/** With `configFile` (the users and permissions of nats-auth.ts) the flags still set JetStream, store and port. */
export function natsServerArgs(storeDir: string, port = DEFAULT_NATS_PORT, configFile?: string): string[] {
  return [...(configFile ? ['-c', configFile] : []), '-js', '-sd', storeDir, '-a', '127.0.0.1', '-p', String(port)];
}

/** `t` + hex: valid in NATS subjects (no dots) and stream names, short enough to read in logs. */
export function randomNamespace(random: () => number = Math.random): string {
  let hex = '';
  for (let i = 0; i < 8; i++) hex += Math.floor(random() * 16).toString(16);
  return `t${hex}`;
}

/** Streams a test run created: named `<ns>_…` (nsName) — or exactly the namespace. */
export function streamsOfNamespace(streamNames: readonly string[], namespace: string): string[] {
  if (!namespace) return [];
  return streamNames.filter((name) => name === namespace || name.startsWith(`${namespace}_`) || name.startsWith(`${namespace}.`));
}

/** Splits a chunk stream into whole lines; keeps the unfinished tail for the next chunk. */
export class LineSplitter {
  private rest = '';
  push(chunk: string): string[] {
    const text = this.rest + chunk;
    const lines = text.split(/\r?\n/);
    this.rest = lines.pop() ?? '';
    return lines;
  }
  flush(): string[] {
    const rest = this.rest;
    this.rest = '';
    return rest ? [rest] : [];
  }
}

/** Keeps the last `size` lines of a child's output, to show when it fails. */
export class RingBuffer {
  private readonly lines: string[] = [];
  constructor(private readonly size = 80) {}
  push(line: string): void {
    this.lines.push(line);
    if (this.lines.length > this.size) this.lines.splice(0, this.lines.length - this.size);
  }
  toArray(): string[] {
    return [...this.lines];
  }
}
