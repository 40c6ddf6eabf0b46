/**
 * Pushes under load: the bare push chain (the hops a push needs, nothing of Kiln's code) and Kiln's own
 * command → second client path at a steady rate (open loop), both measured in the same run.
 */
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { connect, JSONCodec, StorageType } from 'nats';
import { Pool } from 'pg';
import { Server as SocketServer } from 'socket.io';
import { io } from 'socket.io-client';
import { BenchUser, connectSocket } from './kiln';
import { measure, MeasureOptions, summarize, Summary } from './stats';

const jc = JSONCodec();

export const BARE_PUSH_CHAIN = 'bare-push-chain';
export const BARE_PUSH_CHAIN_MEANING =
  'one sample = pg INSERT + COMMIT of a small jsonb row (own transaction, pg Pool) → js.publish of it to a file-storage stream, awaiting the PubAck → ' +
  'socket.io-client emit with ack to a bare socket.io server on localhost → pg SELECT of the row by primary key';

/**
 * The bare chain a push needs, hop after hop in one sample: Postgres insert + commit, JetStream publish,
 * socket.io round trip, Postgres select. Uses a scratch table and stream of its own, removed afterwards; the table is
 * made as the admin role (the services' role may not create tables in public, ADR 0041).
 */
export async function barePushChain(databaseUrl: string, natsUrl: string, namespace: string, options: MeasureOptions): Promise<Summary> {
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  const table = `bench_push_${namespace.replace(/\W/g, '_')}`.toLowerCase();
  const nc = await connect({ servers: natsUrl, name: 'kiln-bench-push-chain' });
  const jsm = await nc.jetstreamManager();
  const stream = `${namespace}_BENCH_PUSH`;
  const subject = `${namespace}.bench.push`;
  const httpServer = http.createServer();
  const server = new SocketServer(httpServer, { path: '/socket.io', transports: ['websocket'] });
  server.on('connection', (socket) => socket.on('echo', (payload: unknown, ack: (p: unknown) => void) => ack(payload)));
  await new Promise<void>((resolve) => httpServer.listen(0, resolve));
  const client = io(`http://localhost:${(httpServer.address() as AddressInfo).port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  const connected = new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  try {
    await pool.query(`CREATE TABLE ${table} (id bigserial PRIMARY KEY, payload jsonb NOT NULL)`);
    await jsm.streams.add({ name: stream, subjects: [subject], storage: StorageType.File });
    const js = nc.jetstream();
    await connected;
    return await measure(BARE_PUSH_CHAIN, options, async (i) => {
      const payload = { name: `chain ${i}`, version: i };
      const db = await pool.connect();
      let id: string;
      try {
        await db.query('BEGIN');
        ({ id } = (await db.query<{ id: string }>(`INSERT INTO ${table} (payload) VALUES ($1) RETURNING id`, [payload])).rows[0]);
        await db.query('COMMIT');
      } finally {
        db.release();
      }
      await js.publish(subject, jc.encode(payload), { msgID: `chain-${id}` });
      await client.timeout(5000).emitWithAck('echo', payload);
      const { rows } = await pool.query(`SELECT * FROM ${table} WHERE id = $1`, [id]);
      if (rows.length !== 1) throw new Error(`bare push chain: row ${id} not found`);
    });
  } finally {
    client.close();
    await server.close();
    await jsm.streams.delete(stream).catch(() => undefined);
    await nc.close();
    await pool.query(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
    await pool.end();
  }
}

export interface LoadOptions {
  /** Commands started per second, whatever the answers do (open loop). */
  perSecond: number;
  durationMs: number;
  /** Models renamed in turn, so two commands rarely touch the same model at once (no version conflicts). */
  models?: number;
  /** Unmeasured commands before the measured ones, at the same rate. */
  warmupMs?: number;
}

/** 100 commands per second for 30 s, scaled like the other runs (at least 5 s). */
export function loadOptions(scale: number): LoadOptions {
  return { perSecond: 100, durationMs: Math.max(5_000, Math.round(30_000 * scale)), warmupMs: 2_000 };
}

export interface LoadResults {
  /** From just before the PATCH is sent to client B's matching socket.io event. */
  push: Summary;
  /** The PATCH answers of the same commands. */
  command: Summary;
  /** Commands actually started per second (the schedule kept, or not). */
  achievedPerSecond: number;
  /** Commands that failed or whose push never came. */
  failures: number;
}

/**
 * Client A sends renames through the BFF's HTTP API (bearer token) at a fixed rate, started on schedule
 * whether or not earlier ones answered (open loop, so slow answers cannot lower the load). Client B, a
 * second socket.io connection of the same user, receives the pushes; one sample = from just before a
 * PATCH is sent to B's `workspace-model` update with that PATCH's name.
 */
export async function sustainedPushLoad(url: string, user: BenchUser, load: LoadOptions): Promise<LoadResults> {
  const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
  const [a, b] = await Promise.all([connectSocket(url, user.token), connectSocket(url, user.token)]);
  const ids: string[] = [];
  for (let i = 0; i < (load.models ?? 100); i++) {
    const res = await fetch(`${url}/api/workspace/model`, { method: 'POST', headers, body: JSON.stringify({ name: `Load model ${i}` }) });
    if (res.status !== 201) throw new Error(`POST /api/workspace/model: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { id: string }).id);
  }

  const waiting = new Map<string, (at: number) => void>();
  b.on('workspace-model', (push: { verb: string; data: { name: string } }) => {
    const at = performance.now();
    if (push.verb === 'update') waiting.get(push.data.name)?.(at);
  });

  const pushes: number[] = [];
  const answers: number[] = [];
  let failures = 0;
  const one = async (i: number, measured: boolean): Promise<void> => {
    const name = `Load ${measured ? '' : 'warm-up '}${i}`;
    const start = performance.now();
    const received = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no push for ${name}`)), 10_000);
      waiting.set(name, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
    try {
      const res = await fetch(`${url}/api/workspace/model/${ids[i % ids.length]}`, { method: 'PATCH', headers, body: JSON.stringify({ name }) });
      if (res.status !== 200) throw new Error(`PATCH: ${res.status} ${await res.text()}`);
      await res.json();
      const answered = performance.now();
      const at = await received;
      if (measured) {
        answers.push(answered - start);
        pushes.push(at - start);
      }
    } catch {
      if (measured) failures += 1;
      received.catch(() => undefined);
    } finally {
      waiting.delete(name);
    }
  };

  /** Starts command k at `began + k × interval`, catching up at once if the timer fired late. */
  const run = async (durationMs: number, measured: boolean): Promise<number> => {
    const interval = 1000 / load.perSecond;
    const total = Math.round((durationMs / 1000) * load.perSecond);
    const inFlight: Promise<void>[] = [];
    const began = performance.now();
    let started = 0;
    while (started < total) {
      const due = Math.min(total, Math.floor((performance.now() - began) / interval) + 1);
      for (; started < due; started++) inFlight.push(one(started, measured));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, began + started * interval - performance.now())));
    }
    const elapsed = performance.now() - began;
    await Promise.all(inFlight);
    return (started / elapsed) * 1000;
  };

  try {
    if (load.warmupMs) await run(load.warmupMs, false);
    const achievedPerSecond = await run(load.durationMs, true);
    if (pushes.length === 0) throw new Error(`push load: all ${failures} commands failed`);
    return {
      push: summarize(`push at ${load.perSecond}/s rename→client B`, pushes),
      command: summarize(`rename PATCH response at ${load.perSecond}/s`, answers),
      achievedPerSecond,
      failures,
    };
  } finally {
    a.close();
    b.close();
  }
}
