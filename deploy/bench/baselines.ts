/**
 * Bare baselines, measured in the same run on the same machine as the Kiln metrics, with the same
 * clients: fetch (undici, keep-alive) for HTTP, the `nats` client, `pg` Pool, socket.io-client over
 * websocket. Each answers a tiny JSON payload; nothing of Kiln's code is on these paths.
 */
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { connect, JSONCodec, NatsConnection, StorageType } from 'nats';
import { Pool } from 'pg';
import { Server as SocketServer } from 'socket.io';
import { io } from 'socket.io-client';
import { measure, MeasureOptions, Summary } from './stats';

const PAYLOAD = { hello: 'world' };
const jc = JSONCodec();

export const BASELINE_NAMES = {
  http: 'http-hello',
  nats: 'nats-req-reply',
  pg: 'pg-pk-select',
  js: 'js-publish',
  socket: 'socketio-rtt',
  pgPage: 'pg-page-count',
} as const;

export const BASELINE_MEANINGS: Record<string, string> = {
  [BASELINE_NAMES.http]: 'fetch (keep-alive) GET to a bare node:http server on localhost answering {"hello":"world"}, body read as JSON',
  [BASELINE_NAMES.nats]: 'NATS core request/reply through the same nats-server; responder on a second connection in this process echoes a tiny JSON',
  [BASELINE_NAMES.pg]: 'pg Pool `SELECT * FROM workspace.model_view WHERE id = $1` on the seeded bench database (random seeded id)',
  [BASELINE_NAMES.js]: 'js.publish of a tiny JSON to a temporary file-storage stream in the bench namespace, awaiting the PubAck',
  [BASELINE_NAMES.pgPage]:
    'pg Pool (2 connections): `SELECT * … WHERE author_id = $1 ORDER BY updated_at DESC, id DESC LIMIT 20` and `SELECT count(*) … WHERE ' +
    'author_id = $1` in parallel, ' +
    'on a bare table of the same 10,000 rows with a plain (author_id, updated_at, id) index, no triggers',
  [BASELINE_NAMES.socket]: 'socket.io-client (websocket transport) emit with ack to a bare socket.io server on localhost that acks the payload back',
};

export async function httpHello(options: MeasureOptions): Promise<Summary> {
  const body = JSON.stringify(PAYLOAD);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const url = `http://localhost:${(server.address() as AddressInfo).port}/`;
  try {
    return await measure(BASELINE_NAMES.http, options, async () => {
      const res = await fetch(url);
      await res.json();
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

export async function natsRequestReply(natsUrl: string, namespace: string, options: MeasureOptions): Promise<Summary> {
  const subject = `${namespace}.bench.echo`;
  const responder = await connect({ servers: natsUrl, name: 'kiln-bench-responder' });
  const requester = await connect({ servers: natsUrl, name: 'kiln-bench-requester' });
  responder.subscribe(subject, { callback: (_err, msg) => msg.respond(msg.data) });
  await responder.flush();
  try {
    return await measure(BASELINE_NAMES.nats, options, async () => {
      const reply = await requester.request(subject, jc.encode(PAYLOAD), { timeout: 5000 });
      jc.decode(reply.data);
    });
  } finally {
    await Promise.all([requester.close(), responder.close()]);
  }
}

export async function pgPrimaryKeySelect(databaseUrl: string, ids: readonly string[], options: MeasureOptions): Promise<Summary> {
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  try {
    return await measure(BASELINE_NAMES.pg, options, async (i) => {
      const id = ids[Math.abs(i * 7919) % ids.length];
      const { rows } = await pool.query('SELECT * FROM workspace.model_view WHERE id = $1', [id]);
      if (rows.length !== 1) throw new Error(`pg-pk-select: no row ${id}`);
    });
  } finally {
    await pool.end();
  }
}

export async function jetStreamPublish(natsUrl: string, namespace: string, options: MeasureOptions): Promise<Summary> {
  const nc: NatsConnection = await connect({ servers: natsUrl, name: 'kiln-bench-js' });
  const jsm = await nc.jetstreamManager();
  const stream = `${namespace}_BENCH`;
  const subject = `${namespace}.bench.js`;
  await jsm.streams.add({ name: stream, subjects: [subject], storage: StorageType.File });
  const js = nc.jetstream();
  try {
    return await measure(BASELINE_NAMES.js, options, async () => {
      await js.publish(subject, jc.encode(PAYLOAD));
    });
  } finally {
    await jsm.streams.delete(stream).catch(() => undefined);
    await nc.close();
  }
}

export async function socketIoRoundTrip(options: MeasureOptions): Promise<Summary> {
  const httpServer = http.createServer();
  const server = new SocketServer(httpServer, { path: '/socket.io', transports: ['websocket', 'polling'] });
  server.on('connection', (socket) => socket.on('echo', (payload: unknown, ack: (p: unknown) => void) => ack(payload)));
  await new Promise<void>((resolve) => httpServer.listen(0, resolve));
  const client = io(`http://localhost:${(httpServer.address() as AddressInfo).port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  try {
    await new Promise<void>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('connect_error', reject);
    });
    return await measure(BASELINE_NAMES.socket, options, () => client.timeout(5000).emitWithAck('echo', PAYLOAD));
  } finally {
    client.close();
    await server.close();
  }
}

/** A page of 20 and the count over a bare copy of `rows` models of one author: what a list needs from Postgres, done plainly. */
export async function pgPageAndCount(databaseUrl: string, rows: number, options: MeasureOptions): Promise<Summary> {
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  const table = 'bench_bare_models';
  try {
    await pool.query(`CREATE TABLE ${table} (LIKE workspace.models)`);
    await pool.query(
      `INSERT INTO ${table} SELECT * FROM workspace.models WHERE author_id = (SELECT author_id FROM workspace.models GROUP BY 1 HAVING count(*) = $1 LIMIT 1)`,
      [rows],
    );
    await pool.query(`CREATE INDEX ON ${table} (author_id, updated_at, id)`);
    await pool.query(`VACUUM ANALYZE ${table}`);
    const {
      rows: [{ author_id: author }],
    } = await pool.query(`SELECT author_id FROM ${table} LIMIT 1`);
    return await measure(BASELINE_NAMES.pgPage, options, async () => {
      const [page, count] = await Promise.all([
        pool.query(`SELECT * FROM ${table} WHERE author_id = $1 ORDER BY updated_at DESC, id DESC LIMIT 20`, [author]),
        pool.query(`SELECT count(*) AS n FROM ${table} WHERE author_id = $1`, [author]),
      ]);
      if (page.rows.length !== 20 || Number(count.rows[0].n) !== rows) throw new Error(`${BASELINE_NAMES.pgPage}: expected 20 of ${rows}`);
    });
  } finally {
    await pool.query(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
    await pool.end();
  }
}
