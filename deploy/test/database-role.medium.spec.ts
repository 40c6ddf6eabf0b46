import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { createDatabase as createKysely, migrateSchema } from '../../services/kit/src';
import * as assetsInitial from '../../services/assets/src/migrations/0001-initial';
import * as assetsMedia from '../../services/assets/src/migrations/0002-media';
import { commerceMigrations } from '../../services/commerce/src/migrations';
import { integrationsMigrations } from '../../services/integrations/src/migrations';
import { pluginRegistryMigrations } from '../../services/plugin-registry/src/migrations';
import { workspaceMigrations } from '../../services/workspace/src/migrations';
import { appRoleName, createDatabase, dropDatabase, ensureDatabase, KILN_SCHEMAS, prepareAppRole } from '../src/postgres';
import { databaseName, withDatabase } from '../src/servers';
import { freePort } from '../src/stack';

/**
 * The role `npm start` gives the services (ADR 0041), made by the bootstrap step on the real local
 * Postgres in fresh databases: it runs every service's migrations and owns Kiln's schemas, and it can do
 * nothing a superuser could (read pg_authid, make roles, run programs, read server files, write in
 * `public`, enter another Kiln database).
 */
const SERVER_DB = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const hex = randomBytes(4).toString('hex');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-db-role-'));
const passwordFile = path.join(dir, 'secrets', 'postgres-app-password');

const MIGRATIONS: Record<string, Record<string, any>> = {
  workspace: workspaceMigrations,
  plugin_registry: pluginRegistryMigrations,
  assets: { '0001-initial': assetsInitial, '0002-media': assetsMedia },
  commerce: commerceMigrations,
  integrations: integrationsMigrations,
};

let adminUrl: string; // Kiln's database, as the admin
let otherKilnUrl: string; // a second Kiln database with its own role
let plainUrl: string; // a database whose Kiln schemas the admin made (an older run), never bootstrapped
let appUrl: string;
const logged: string[] = [];
const clients: Client[] = [];
const extraRoles: string[] = [];

async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  clients.push(client);
  return client;
}

async function migrateAll(url: string, schemas: readonly string[] = KILN_SCHEMAS): Promise<void> {
  const { db } = createKysely(url, { max: 2 });
  try {
    for (const schema of schemas) await migrateSchema(db, schema, MIGRATIONS[schema]);
  } finally {
    await db.destroy();
  }
}

/** The SQLSTATE a statement fails with (`ok` when it does not fail). */
async function codeOf(client: Client, statement: string): Promise<string> {
  try {
    await client.query(statement);
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

async function connectCode(url: string): Promise<string> {
  try {
    await connect(url);
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

beforeAll(async () => {
  adminUrl = await createDatabase(SERVER_DB, `kiln_role_${hex}`);
  // An earlier run, as the admin, made the workspace schema: the bootstrap hands it to the role.
  await migrateAll(adminUrl, ['workspace']);
  appUrl = (await prepareAppRole({ adminUrl, passwordFile, log: (line) => logged.push(line) })).url;

  otherKilnUrl = await createDatabase(SERVER_DB, `kiln_role_other_${hex}`);
  const other = await prepareAppRole({ adminUrl: otherKilnUrl, passwordFile, log: () => undefined });
  await migrateAll(other.url, ['workspace']);

  plainUrl = await createDatabase(SERVER_DB, `kiln_role_plain_${hex}`);
  await migrateAll(plainUrl, ['workspace']);
}, 120_000);

afterAll(async () => {
  for (const client of clients) await client.end().catch(() => undefined);
  for (const url of [adminUrl, otherKilnUrl, plainUrl]) if (url) await dropDatabase(url).catch(() => undefined);
  const admin = await connect(SERVER_DB);
  for (const role of extraRoles) await admin.query(`DROP ROLE IF EXISTS "${role}"`).catch(() => undefined);
  await admin.end();
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('the role the services connect as', () => {
  it('is its own login role, with none of the special attributes', async () => {
    const app = await connect(appUrl);
    const { rows } = await app.query(
      `SELECT current_user AS name, rolsuper, rolcreatedb, rolcreaterole, rolreplication, rolbypassrls, rolcanlogin
         FROM pg_roles WHERE rolname = current_user`,
    );
    expect(rows[0]).toEqual({
      name: appRoleName(databaseName(adminUrl)),
      rolsuper: false,
      rolcreatedb: false,
      rolcreaterole: false,
      rolreplication: false,
      rolbypassrls: false,
      rolcanlogin: true,
    });
    // A member of no role at all (pg_read_server_files, pg_execute_server_program, pg_monitor...).
    const memberships = await app.query(`SELECT roleid::regrole::text FROM pg_auth_members WHERE member = current_user::regrole`);
    expect(memberships.rows).toEqual([]);
  });

  it('cannot read password hashes, make roles, change the server or reach its files and programs', async () => {
    const app = await connect(appUrl);
    expect(await codeOf(app, 'SELECT rolpassword FROM pg_authid')).toBe('42501');
    expect(await codeOf(app, 'SELECT passwd FROM pg_shadow')).toBe('42501');
    expect(await codeOf(app, `CREATE ROLE kiln_role_intruder_${hex} SUPERUSER`)).toBe('42501');
    expect(await codeOf(app, `CREATE ROLE kiln_role_intruder_${hex}`)).toBe('42501');
    expect(await codeOf(app, `ALTER ROLE current_user SUPERUSER`)).toBe('42501');
    expect(await codeOf(app, `ALTER SYSTEM SET log_statement = 'none'`)).toBe('42501');
    expect(await codeOf(app, `COPY (SELECT 1) TO PROGRAM 'true'`)).toBe('42501');
    expect(await codeOf(app, `COPY (SELECT 1) TO '/tmp/kiln-role-${hex}'`)).toBe('42501');
    expect(await codeOf(app, `SELECT pg_read_file('/etc/passwd')`)).toBe('42501');
    expect(await codeOf(app, `SELECT pg_ls_dir('.')`)).toBe('42501');
    expect(await codeOf(app, `CREATE DATABASE kiln_role_intruder_${hex}`)).toBe('42501');
    expect(await codeOf(app, `CREATE EXTENSION IF NOT EXISTS file_fdw`)).toBe('42501');
    const { rows } = await app.query(
      `SELECT pg_has_role(current_user, 'pg_read_server_files', 'USAGE') AS read_files,
              pg_has_role(current_user, 'pg_write_server_files', 'USAGE') AS write_files,
              pg_has_role(current_user, 'pg_execute_server_program', 'USAGE') AS programs`,
    );
    expect(rows[0]).toEqual({ read_files: false, write_files: false, programs: false });
  });

  it('cannot make objects in schema public, and neither can anyone else but its owner', async () => {
    const app = await connect(appUrl);
    expect(await codeOf(app, `CREATE TABLE public.intruder (id int)`)).toBe('42501');
    expect(await codeOf(app, `CREATE FUNCTION public.intruder() RETURNS int LANGUAGE sql AS 'SELECT 1'`)).toBe('42501');
    const { rows } = await app.query(
      `SELECT count(*)::int AS n FROM pg_namespace, aclexplode(nspacl) a
        WHERE nspname = 'public' AND a.grantee = 0 AND a.privilege_type = 'CREATE'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('cannot enter another Kiln database, nor read the Kiln schemas of one it may enter', async () => {
    const url = (database: string) => Object.assign(new URL(appUrl), { pathname: `/${databaseName(database)}` }).toString();
    // The other Kiln database was bootstrapped too: its CONNECT is its own role's alone.
    expect(await connectCode(url(otherKilnUrl))).toBe('42501');
    // A database never bootstrapped (PUBLIC may connect): its schemas belong to the admin.
    const plain = await connect(url(plainUrl));
    expect(await codeOf(plain, 'SELECT * FROM workspace.users')).toBe('42501');
    expect(await codeOf(plain, 'CREATE SCHEMA intruder')).toBe('42501');
  });

  it("runs every service's migrations, owns Kiln's schemas and everything in them", async () => {
    await migrateAll(appUrl);
    const app = await connect(appUrl);
    const role = appRoleName(databaseName(adminUrl));
    const schemas = await app.query(`SELECT nspname, pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = ANY($1) ORDER BY 1`, [KILN_SCHEMAS]);
    expect(schemas.rows).toEqual([...KILN_SCHEMAS].sort().map((nspname) => ({ nspname, owner: role })));
    const foreign = await app.query(
      `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ANY($1) AND pg_get_userbyid(c.relowner) <> current_user
       UNION ALL
       SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = ANY($1) AND pg_get_userbyid(p.proowner) <> current_user`,
      [KILN_SCHEMAS],
    );
    expect(foreign.rows).toEqual([]);
    // The schema an earlier run made as the admin is used as before.
    expect(await codeOf(app, `INSERT INTO workspace.model_counts (author_id, scope, live) VALUES ('a', '', 1)`)).toBe('ok');
    expect(await codeOf(app, `SELECT count(*) FROM workspace.model_view WHERE name ILIKE '%x%'`)).toBe('ok');
  });

  it('does at run time what the services do: LISTEN/NOTIFY, advisory locks, TRUNCATE, pg_stat_activity', async () => {
    const app = await connect(appUrl);
    const listener = await connect(appUrl);
    await listener.query('LISTEN kiln_role_test');
    const heard = new Promise<string | undefined>((resolve) => listener.on('notification', (n) => resolve(n.payload)));
    await app.query(`SELECT pg_notify('kiln_role_test', 'hello')`);
    expect(await heard).toBe('hello');
    expect(await codeOf(app, `BEGIN; SELECT pg_advisory_xact_lock(hashtext('x')); SELECT pg_advisory_xact_lock_shared(1, 2); COMMIT`)).toBe('ok');
    expect(await codeOf(app, 'TRUNCATE workspace.model_view')).toBe('ok');
    expect(await codeOf(app, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()`)).toBe('ok');
  });
});

describe('the bootstrap', () => {
  it('keeps the password in a file only this user reads, and never logs it', () => {
    const password = fs.readFileSync(passwordFile, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(passwordFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(passwordFile)).mode & 0o777).toBe(0o700);
    expect(decodeURIComponent(new URL(appUrl).password)).toBe(password);
    expect(logged.join('\n')).not.toContain(password);
    expect(logged.join('\n')).toContain(appRoleName(databaseName(adminUrl)));
  });

  it('runs again with no error, the same password and the same URL', async () => {
    const before = fs.readFileSync(passwordFile, 'utf8');
    const again = await prepareAppRole({ adminUrl, passwordFile, log: () => undefined });
    expect(again.url).toBe(appUrl);
    expect(fs.readFileSync(passwordFile, 'utf8')).toBe(before);
    const app = await connect(again.url);
    expect((await app.query('SELECT current_user AS u')).rows[0].u).toBe(appRoleName(databaseName(adminUrl)));
  });

  it('uses a DATABASE_URL whose role is already no superuser as it is, and says so', async () => {
    const role = `kiln_role_plain_${hex}`;
    extraRoles.push(role);
    const admin = await connect(plainUrl);
    await admin.query(`CREATE ROLE "${role}" LOGIN`);
    const given = Object.assign(new URL(plainUrl), { username: role, password: '' }).toString();
    const lines: string[] = [];
    const result = await prepareAppRole({ adminUrl: given, passwordFile: path.join(dir, 'unused', 'password'), log: (line) => lines.push(line) });
    expect(result).toMatchObject({ url: given, role, kind: 'as-is' });
    expect(lines.join('\n')).toContain(role);
    expect(fs.existsSync(path.join(dir, 'unused'))).toBe(false);
  });

  it('puts right a role of that name that was given too much (superuser, member of pg_read_server_files)', async () => {
    const url = await createDatabase(SERVER_DB, `kiln_role_fix_${hex}`);
    try {
      const role = appRoleName(`kiln_role_fix_${hex}`);
      const admin = await connect(url);
      await admin.query(`CREATE ROLE "${role}" LOGIN SUPERUSER CREATEDB CREATEROLE REPLICATION BYPASSRLS`);
      await admin.query(`GRANT pg_read_server_files TO "${role}"`);
      const lines: string[] = [];
      const fixed = await prepareAppRole({ adminUrl: url, passwordFile, log: (line) => lines.push(line) });
      const app = await connect(fixed.url);
      const { rows } = await app.query(
        `SELECT rolsuper, rolcreatedb, rolcreaterole, rolreplication, rolbypassrls,
                (SELECT count(*)::int FROM pg_auth_members WHERE member = current_user::regrole) AS memberships
           FROM pg_roles WHERE rolname = current_user`,
      );
      expect(rows[0]).toEqual({ rolsuper: false, rolcreatedb: false, rolcreaterole: false, rolreplication: false, rolbypassrls: false, memberships: 0 });
      expect(await codeOf(app, `SELECT pg_read_file('/etc/passwd')`)).toBe('42501');
      expect(lines.join('\n')).toContain('pg_read_server_files');
      await app.end();
    } finally {
      await dropDatabase(url);
    }
  });

  it("dropDatabase drops the database's role with it", async () => {
    const url = await createDatabase(SERVER_DB, `kiln_role_drop_${hex}`);
    await prepareAppRole({ adminUrl: url, passwordFile, log: () => undefined });
    await dropDatabase(url);
    const admin = await connect(SERVER_DB);
    const { rows } = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [appRoleName(`kiln_role_drop_${hex}`)]);
    expect(rows).toEqual([]);
  });
});

describe('on the embedded Postgres (scram-sha-256, as `npm start` starts it)', () => {
  it('the role logs in with the password of its file, and not with another', async () => {
    const child = spawn(
      process.execPath,
      ['-r', '@swc-node/register', path.join(__dirname, 'support', 'embedded-postgres-child.ts'), path.join(dir, 'embedded'), String(await freePort())],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const serverUrl = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
          if (out.includes('\n')) resolve(out.trim());
        });
        child.once('exit', (code) => reject(new Error(`embedded Postgres exited (${code}): ${stderr}`)));
      });
      const admin = withDatabase(serverUrl, 'kiln');
      await ensureDatabase(admin);
      const { url, kind } = await prepareAppRole({ adminUrl: admin, passwordFile, log: () => undefined });
      expect(kind).toBe('bootstrapped');
      expect(decodeURIComponent(new URL(url).password)).toBe(fs.readFileSync(passwordFile, 'utf8').trim());
      const app = await connect(url);
      expect((await app.query('SELECT current_user AS u, usesuper FROM pg_user WHERE usename = current_user')).rows[0]).toEqual({
        u: 'kiln_app',
        usesuper: false,
      });
      await app.end();
      expect(await connectCode(Object.assign(new URL(url), { password: 'not-the-password' }).toString())).toBe('28P01');
      await migrateAll(url);
    } finally {
      child.stdin.end();
      await exited;
    }
  }, 120_000);
});
