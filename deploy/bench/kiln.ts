/**
 * The Kiln side of the benchmark: a user with 10,000 models (seeded straight into the workspace schema;
 * seeding is setup, not what is measured), then the full paths measured through the running stack.
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { io, Socket } from 'socket.io-client';
import { newId } from '../../services/kit/src/ids';
import { measure, MeasureOptions, measureTimed, NamedOperation, summarize, Summary } from './stats';

/** What a bench that drives a running stack's events is given: the stack, how many events, how many rounds, where to say. */
export interface StackEventsBenchOptions {
  url: string;
  natsUrl: string;
  namespace: string;
  databaseUrl: string;
  count: number;
  rounds?: number;
  say: (line: string) => void;
}

export interface BenchUser {
  id: string;
  token: string;
  email: string;
}

export async function registerUser(url: string): Promise<BenchUser> {
  const email = `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password-1', fullName: 'Bench User' }),
  });
  if (res.status >= 300) throw new Error(`register: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string }; token: string };
  return { id: body.user.id, token: body.token, email };
}

/** Waits until the user's projection (user_view) exists, so `populate=["author"]` finds the author. */
export async function waitForUserView(pool: Pool, userId: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rowCount } = await pool.query('SELECT 1 FROM workspace.user_view WHERE id = $1', [userId]);
    if (rowCount) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`user_view has no row for ${userId} after ${timeoutMs} ms`);
}

/**
 * Inserts `count` models of `authorId` into both the write table (models) and the read model (model_view)
 * in one transaction, one INSERT … SELECT FROM unnest(…) per table. updated_at is one second apart,
 * so the `updatedAt DESC` order is total. Returns the ids, newest first.
 */
export async function seedModels(pool: Pool, authorId: string, count: number): Promise<string[]> {
  const now = Date.now();
  const ids: string[] = [];
  const names: string[] = [];
  const times: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(now - (i + 60) * 1000);
    ids.push(newId(at));
    names.push(`Seeded model ${String(i + 1).padStart(6, '0')}`);
    times.push(at.toISOString());
  }
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const table of ['models', 'model_view']) {
      await client.query(
        `INSERT INTO workspace.${table} (id, name, description, author_id, shared_with_everyone, hidden, created_at, updated_at, version)
         SELECT id, name, '', $4, 'private', false, at, at, 1 FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS t(id, name, at)`,
        [ids, names, times, authorId],
      );
    }
    await client.query('COMMIT');
    // As autovacuum would soon: statistics, and the visibility map that index-only scans rely on.
    await client.query('VACUUM ANALYZE workspace.model_view');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return ids;
}

export function listUrl(url: string, skip: number, contains?: string): string {
  const q = new URLSearchParams({ skip: String(skip), limit: '20', sort: 'updatedAt DESC', populate: '["author"]' });
  if (contains) q.set('where', JSON.stringify({ name: { contains } }));
  return `${url}/api/workspace/model?${q}`;
}

export interface ListCase {
  skip: number;
  /** The answer must hold this many models with their author, of a total at least `minTotal`. */
  expect: number;
  minTotal: number;
  contains?: string;
  /** Name of the metric (default `list-models skip=<skip>`). */
  name?: string;
}

/** GET one page of 20 through HTTP → BFF → NATS → workspace service → Postgres read model, body parsed. */
export function listModels(url: string, user: BenchUser, c: ListCase, options: MeasureOptions): Promise<Summary> {
  const { name, op } = listOperation(url, user, c);
  return measure(name, options, op);
}

/** The same GET as an operation, for measuring several cases in turns (`measureInterleaved`). */
export function listOperation(url: string, user: BenchUser, c: ListCase): NamedOperation {
  const target = listUrl(url, c.skip, c.contains);
  const headers = { authorization: `Bearer ${user.token}` };
  return {
    name: c.name ?? `list-models skip=${c.skip}`,
    op: async () => {
      const res = await fetch(target, { headers });
      if (res.status !== 200) throw new Error(`GET ${target}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { data: { author?: unknown }[]; total: number };
      if (body.data.length !== c.expect || body.total < c.minTotal || (c.expect > 0 && !body.data[0].author)) {
        throw new Error(`GET ${target}: expected ${c.expect} of ≥${c.minTotal} models with their author, got ${body.data.length} of ${body.total}`);
      }
    },
  };
}

/** A second tab of the bench user: a socket.io connection over websocket with its bearer token. */
export function connectSocket(url: string, token: string): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(new Error(`socket.io connect: ${error.message}`));
    });
  });
}

interface Push {
  verb: string;
  data: { id: string; name: string };
}

/** Resolves at the moment `socket` receives a `workspace-model` push matching `match`. */
function nextPush(socket: Socket, match: (p: Push) => boolean, timeoutMs = 10_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('workspace-model', onPush);
      reject(new Error(`no matching workspace-model push within ${timeoutMs} ms`));
    }, timeoutMs);
    const onPush = (push: Push) => {
      if (!match(push)) return;
      const at = performance.now();
      clearTimeout(timer);
      socket.off('workspace-model', onPush);
      resolve(at);
    };
    socket.on('workspace-model', onPush);
  });
}

export interface PushResults {
  push: Summary;
  command: Summary;
}

/**
 * Client A renames a model with PATCH over HTTP; client B, a second socket.io connection of the same
 * user, receives the `workspace-model` update. One sample = from just before A's request to B's receipt.
 * The PATCH response time (A's own answer) is recorded alongside.
 */
export async function commandToSecondClient(url: string, user: BenchUser, options: MeasureOptions): Promise<PushResults> {
  const [a, b] = await Promise.all([connectSocket(url, user.token), connectSocket(url, user.token)]);
  const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
  const commandTimes: number[] = [];
  try {
    const created = nextPush(b, (p) => p.verb === 'create' && p.data.name === 'Bench push model');
    const res = await fetch(`${url}/api/workspace/model`, { method: 'POST', headers, body: JSON.stringify({ name: 'Bench push model' }) });
    if (res.status !== 201) throw new Error(`POST /api/workspace/model: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    await created;

    const push = await measureTimed('push rename→client B', options, async (i) => {
      const name = i < 0 ? `Bench warmup ${-i}` : `Bench rename ${i}`;
      const received = nextPush(b, (p) => p.verb === 'update' && p.data.id === id && p.data.name === name);
      const start = performance.now();
      const patch = await fetch(`${url}/api/workspace/model/${id}`, { method: 'PATCH', headers, body: JSON.stringify({ name }) });
      if (patch.status !== 200) throw new Error(`PATCH /api/workspace/model/${id}: ${patch.status} ${await patch.text()}`);
      await patch.json();
      const answered = performance.now();
      if (i >= 0) commandTimes.push(answered - start);
      return (await received) - start;
    });
    return { push, command: summarize('rename PATCH response', commandTimes) };
  } finally {
    a.close();
    b.close();
  }
}

/**
 * Setup, not measured: after the seeding, what the database would do on its own within minutes (vacuum
 * and statistics of every table, a checkpoint of the dirty pages), done now and waited for, so none of it
 * runs in the middle of a measurement. Autovacuum workers of the bench's database are waited for too
 * (at most a minute).
 */
export async function settleDatabase(pool: Pool, say: (line: string) => void): Promise<void> {
  const began = Date.now();
  await pool.query('VACUUM ANALYZE');
  await pool.query('CHECKPOINT').catch(() => undefined); // needs a superuser; without one, the checkpointer's own schedule
  for (let i = 0; i < 120; i++) {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'autovacuum worker'`,
    );
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  say(`database settled (vacuum, analyze, checkpoint) in ${Date.now() - began} ms (setup, not measured)`);
}
