/**
 * `npm run bench`: starts Kiln on a fresh database (`kiln_bench_<hex>`) and a NATS namespace of its own,
 * seeds a user with 10,000 models, measures the full paths and bare baselines in the same run, prints the
 * table, then stops the stack, drops the database and deletes the namespace's streams. Never touches dev
 * data. Sample counts scale with KILN_BENCH_SCALE (default 1; e.g. 0.2 for a quick look).
 * See docs/benchmarks.md.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { connect } from 'nats';
import { Pool } from 'pg';
import { startStack, throwawayStackOptions } from '../src/stack';
import { BASELINE_MEANINGS, BASELINE_NAMES as B, httpHello, jetStreamPublish, natsRequestReply, pgPrimaryKeySelect, socketIoRoundTrip } from './baselines';
import { commandToSecondClient, listModels, registerUser, seedModels, waitForUserView } from './kiln';
import { Comparison, Composite, renderReport } from './report';
import { MeasureOptions, Summary } from './stats';

const MODELS = 10_000;
const PAGES = [0, 380, 9980]; // first page, page 20, last page (page 500)
const scale = Number(process.env.KILN_BENCH_SCALE ?? '1') || 1;
const n = (warmup: number, samples: number): MeasureOptions => ({ warmup: Math.max(5, Math.round(warmup * scale)), samples: Math.max(20, Math.round(samples * scale)) });
const BASELINE_RUN = n(200, 2000);
const LIST_RUN = n(50, 400);
const PUSH_RUN = n(30, 300);

const say = (line: string) => console.log(`[bench] ${line}`);

async function main(): Promise<void> {
  const began = Date.now();
  const throwaway = throwawayStackOptions('bench');
  const { namespace, freshDatabase: database } = throwaway;
  const logPath = path.join(os.tmpdir(), `kiln-bench-${namespace}.log`);
  const logFile = fs.openSync(logPath, 'w');
  say(`starting the stack (database ${database}, namespace ${namespace}, children's output in ${logPath})`);
  const stack = await startStack({
    ...throwaway,
    handleSignals: true, // Ctrl-C still drops the database and the streams
    childLog: (line) => fs.writeSync(logFile, `${line}\n`),
    log: (line) => {
      fs.writeSync(logFile, `[kiln] ${line}\n`);
      say(`[kiln] ${line}`);
    },
    // A child that dies is restarted by the stack; its figures would be skewed, so say it loudly.
    onCrash: (exit) => console.error(`[bench] ${exit.name} died and is being restarted: figures of this run are not reliable; see ${logPath}`),
  });
  const pool = new Pool({ connectionString: stack.databaseUrl, max: 2 });
  try {
    const machine = await describeMachine(pool, stack.natsUrl);
    say(`stack up in ${((Date.now() - began) / 1000).toFixed(1)} s at ${stack.url}`);

    const user = await registerUser(stack.url);
    await waitForUserView(pool, user.id);
    const seedStart = Date.now();
    const ids = await seedModels(pool, user.id, MODELS);
    say(`seeded ${MODELS} models for user ${user.id} in ${Date.now() - seedStart} ms (setup, not measured)`);

    const loadBefore = os.loadavg()[0];
    say(`baselines: ${BASELINE_RUN.warmup} warm-up + ${BASELINE_RUN.samples} samples each`);
    const baselines: Summary[] = [
      await httpHello(BASELINE_RUN),
      await natsRequestReply(stack.natsUrl, namespace, BASELINE_RUN),
      await pgPrimaryKeySelect(stack.databaseUrl, ids, BASELINE_RUN),
      await jetStreamPublish(stack.natsUrl, namespace, BASELINE_RUN),
      await socketIoRoundTrip(BASELINE_RUN),
    ];

    say(`list-models: ${LIST_RUN.warmup} warm-up + ${LIST_RUN.samples} samples per page (skip ${PAGES.join(', ')})`);
    const lists: Summary[] = [];
    for (const skip of PAGES) lists.push(await listModels(stack.url, user, skip, MODELS, LIST_RUN));

    say(`push: ${PUSH_RUN.warmup} warm-up + ${PUSH_RUN.samples} renames`);
    const { push, command } = await commandToSecondClient(stack.url, user, PUSH_RUN);
    const loadAfter = os.loadavg()[0];

    const composites: Composite[] = [
      { name: 'query-baseline', parts: [B.http, B.nats, B.pg] },
      { name: 'push-baseline', parts: [B.http, B.js, B.socket] },
    ];
    const comparisons: Comparison[] = [
      ...lists.map((metric, i) => ({
        metric,
        against: 'query-baseline',
        meaning:
          `GET /api/workspace/model?skip=${PAGES[i]}&limit=20&sort=updatedAt DESC&populate=["author"] of a user with ${MODELS} models, ` +
          'bearer token, fetch keep-alive, body parsed: HTTP → BFF (session resolved over NATS) → NATS → workspace service → Postgres read model',
      })),
      {
        metric: push,
        against: 'push-baseline',
        meaning:
          'from just before client A sends PATCH /api/workspace/model/:id {name} to the moment client B (a second socket.io connection of the same user) ' +
          'receives the matching workspace-model update: BFF → NATS → workspace (write + outbox in one transaction) → NOTIFY → outbox relay → JetStream → BFF consumer → socket.io',
      },
      {
        metric: command,
        against: 'query-baseline',
        meaning: "A's own PATCH response time in the same iterations (the command's HTTP answer; the write path, compared with the read-path baseline)",
      },
    ];

    console.log('');
    console.log(`Kiln benchmark — ${new Date().toISOString()}`);
    console.log(machine);
    console.log(`load average (1 min) before measuring ${loadBefore.toFixed(2)}, after ${loadAfter.toFixed(2)} — above the core count, other work competed for the CPUs`);
    console.log('');
    console.log(renderReport({ baselines, composites, comparisons }));
    console.log('');
    console.log('Baselines:');
    for (const b of baselines) console.log(`- ${b.name}: ${BASELINE_MEANINGS[b.name]}`);
    console.log('');
    console.log('Every sample is one operation with nothing else in flight (closed loop, concurrency 1); percentiles are nearest-rank.');
  } finally {
    await pool.end().catch(() => undefined);
    await stack.stop();
    fs.closeSync(logFile);
    say(`done in ${((Date.now() - began) / 1000).toFixed(1)} s (database ${database} dropped, streams of ${namespace} deleted)`);
  }
}

async function describeMachine(pool: Pool, natsUrl: string): Promise<string> {
  const { rows } = await pool.query<{ server_version: string }>('SHOW server_version');
  const nc = await connect({ servers: natsUrl, name: 'kiln-bench-info' });
  const natsVersion = nc.info?.version ?? '?';
  await nc.close();
  const cpus = os.cpus();
  return (
    `machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}; ` +
    `Node ${process.version}; Postgres ${rows[0].server_version}; nats-server ${natsVersion}`
  );
}

main().catch((error) => {
  console.error(`[bench] failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
});
