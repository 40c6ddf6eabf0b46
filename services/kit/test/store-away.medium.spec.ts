import { COMMON_MESSAGES } from '@kiln/contracts';
import { sql } from 'kysely';
import * as net from 'node:net';
import { Client } from 'pg';
import { createDatabase, isStoreAway, STORE_AWAY, toErrorBody } from '../src';

/**
 * The one mapping of "the database cannot be reached" to a 503 with Retry-After (ADR 0046), checked with
 * the errors node-postgres really gives, against a real Postgres and real sockets: refused, a server that
 * never answers (the pool's connect timeout), a connection ended by the server (57P01 admin_shutdown).
 * A query that is wrong stays a 500 (a bug).
 */
const SERVER_DB = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('it did not fail');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const urlAt = (port: number) => Object.assign(new URL(SERVER_DB), { hostname: '127.0.0.1', port: String(port) }).toString();

it('maps a refused connection to the 503 that says so', async () => {
  const { db } = createDatabase(urlAt(await freePort()));
  const error = await failure(() => sql`SELECT 1`.execute(db));
  await db.destroy();
  expect(isStoreAway(error)).toBe(true);
  expect(toErrorBody(error)).toEqual({ statusCode: 503, message: COMMON_MESSAGES.databaseAway, retryAfter: STORE_AWAY.retryAfter });
});

it('maps a server that never answers to the 503 once the pool stops waiting', async () => {
  const held = new Set<net.Socket>();
  const silent = net.createServer((socket) => void held.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { db } = createDatabase(urlAt((silent.address() as net.AddressInfo).port));
  const started = Date.now();
  const error = await failure(() => sql`SELECT 1`.execute(db));
  const waited = Date.now() - started;
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await db.destroy();
  expect(waited).toBeLessThan(15_000);
  expect(toErrorBody(error)).toEqual(STORE_AWAY);
}, 30_000);

it('maps a connection the server ended (admin_shutdown) to the 503, and a wrong query to a 500', async () => {
  const { db, pool } = createDatabase(SERVER_DB, { max: 2 });
  // No error listener of the test's own: the kit's keeps the loss from being an uncaught 'error' event
  // (which killed the services).
  const client = await pool.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const admin = new Client({ connectionString: SERVER_DB });
  await admin.connect();
  // Ended by the server while a query runs on it: the server's goodbye (57P01) or the connection's end,
  // depending on which the client reads first.
  const running = failure(() => client.query('SELECT pg_sleep(5)'));
  await new Promise((resolve) => setTimeout(resolve, 200));
  await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
  await admin.end();
  const ended = await running;
  client.release(true);
  expect(toErrorBody(ended)).toEqual(STORE_AWAY);

  const wrong = await failure(() => sql`SELEC 1`.execute(db));
  expect(isStoreAway(wrong)).toBe(false);
  expect(toErrorBody(wrong)).toEqual({ statusCode: 500, message: 'Internal server error' });
  await db.destroy();
});

it('looks through causes and every address tried, and leaves other errors alone', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  expect(isStoreAway(new AggregateError([refused, Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })]))).toBe(true);
  expect(isStoreAway(new Error('wrapped', { cause: Object.assign(new Error('the database system is starting up'), { code: '57P03' }) }))).toBe(true);
  expect(isStoreAway(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
  expect(isStoreAway(new Error('Internal server error'))).toBe(false);
});
