/**
 * `npm run bench:push`: only the push paths of `npm run bench` (the bare chain, then 100 renames per
 * second), and where the CPU went meanwhile: CPU time of every Kiln process, of Postgres (all backends)
 * and of nats-server during the loaded run, divided by the commands sent. On 2 cores the 100/s goal is a
 * CPU budget (2 × 10 ms per command, everything included), so this says which process to make cheaper.
 * `KILN_PROFILE=list` does the same for the first page of a user with 10,000 models, one request at a time;
 * `KILN_PROFILE=rebuild` for the model projection's replay of model events beside a raw consume (as `npm run bench`).
 * With `KILN_CHILD_NODE_FLAGS="--cpu-prof --cpu-prof-dir=…"` the children also write V8 CPU profiles.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startStack, throwawayStackOptions } from '../src/stack';
import { Pool } from 'pg';
import { listOperation, registerUser, seedModels, settleDatabase, waitForUserView } from './kiln';
import { rebuildRates } from './rebuild';
import { measure } from './stats';
import { httpHello, natsRequestReply, pgPageAndCount } from './baselines';
import { barePushChain, loadOptions, sustainedPushLoad } from './push-load';

const scale = Number(process.env.KILN_BENCH_SCALE ?? '0.5') || 0.5;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user + system) of each process now running, with the first word of its command line. */
function cpuByProcess(): Map<number, { name: string; seconds: number }> {
  const result = new Map<number, { name: string; seconds: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      result.set(Number(entry), { name: cmdline.join(' ') || stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), seconds });
    } catch {
      // gone meanwhile
    }
  }
  return result;
}

async function main(): Promise<void> {
  const throwaway = throwawayStackOptions('benchpush');
  const logPath = path.join(os.tmpdir(), `kiln-bench-push-${throwaway.namespace}.log`);
  const logFile = fs.openSync(logPath, 'w');
  const stack = await startStack({
    ...throwaway,
    childLog: (line) => fs.writeSync(logFile, `${line}\n`),
    log: (line) => fs.writeSync(logFile, `[kiln] ${line}\n`),
    handleSignals: true,
  });
  try {
    const chain = await barePushChain(stack.adminDatabaseUrl, stack.natsUrl, stack.namespace, { warmup: 100, samples: 1000 });
    const user = await registerUser(stack.url);
    const names = new Map<number, string>(Object.entries(stack.pids()).flatMap(([name, pid]) => (pid ? [[pid, name] as [number, string]] : [])));
    const load = loadOptions(scale);
    let before = cpuByProcess();
    const beganAt = Date.now();
    let commands: number;
    if (process.env.KILN_PROFILE === 'rebuild') {
      const result = await rebuildRates({
        natsUrl: stack.natsUrl,
        databaseUrl: stack.adminDatabaseUrl,
        count: Math.round(100_000 * scale),
        say: () => undefined,
      });
      commands = result.events;
      console.log(
        `rebuild of ${result.events} model events: raw consume ${Math.round(result.rawPerSecond)}/s, replay ` +
          `${Math.round(result.rebuildPerSecond)}/s, ratio ${(result.rebuildPerSecond / result.rawPerSecond).toFixed(2)} (goal ≥ 0.3)`,
      );
    } else if (process.env.KILN_PROFILE === 'list') {
      const pool = new Pool({ connectionString: stack.databaseUrl, max: 2 });
      await waitForUserView(pool, user.id);
      await seedModels(pool, user.id, 10_000);
      await settleDatabase(pool, () => undefined);
      await pool.end();
      // The list baseline of `npm run bench`, its parts one after another (their p50s summed).
      const parts = [
        await httpHello({ warmup: 200, samples: 2000 }),
        await natsRequestReply(stack.natsUrl, stack.namespace, { warmup: 200, samples: 2000 }),
        await pgPageAndCount(stack.adminDatabaseUrl, 10_000, { warmup: 200, samples: 2000 }),
      ];
      const listBaseline = parts.reduce((sum, part) => sum + part.p50, 0);
      console.log(`list baseline p50 ${listBaseline.toFixed(2)} ms (${parts.map((part) => `${part.name} ${part.p50.toFixed(2)}`).join(', ')})`);
      const { op } = listOperation(stack.url, user, { skip: 0, expect: 20, minTotal: 10_000 });
      await measure('warm-up', { warmup: 0, samples: 200 }, op);
      before = cpuByProcess();
      const samples = Math.round(4000 * scale);
      const list = await measure('list', { warmup: 0, samples }, op);
      commands = samples;
      console.log(
        `list first page (10k): p50 ${list.p50.toFixed(2)} ms (${(list.p50 / listBaseline).toFixed(2)}× the list baseline of this run, goal ` +
          `≤ 2×), p99 ${list.p99.toFixed(2)} ms`,
      );
    } else {
      const result = await sustainedPushLoad(stack.url, user, load);
      commands = 100 + Math.round(((load.warmupMs ?? 0) + load.durationMs) / 1000) * load.perSecond; // creates + renames
      console.log(
        `push at ${load.perSecond}/s: p50 ${result.push.p50.toFixed(2)} ms (${(result.push.p50 / chain.p50).toFixed(1)}×, goal ≤ 6×), ` +
          `p99 ${result.push.p99.toFixed(2)} ms (${(result.push.p99 / chain.p99).toFixed(1)}×, goal ≤ 25×); PATCH p50 ${result.command.p50.toFixed(2)} ms; ` +
          `${result.achievedPerSecond.toFixed(1)}/s achieved, ${result.failures} failures`,
      );
    }
    const wallSeconds = (Date.now() - beganAt) / 1000;
    const after = cpuByProcess();
    const groups = new Map<string, number>();
    for (const [pid, now] of after) {
      const spent = now.seconds - (before.get(pid)?.seconds ?? 0);
      if (spent <= 0) continue;
      const group =
        names.get(pid) ??
        (now.name.startsWith('postgres')
          ? 'postgres (all backends)'
          : now.name.includes('nats-server')
            ? 'nats-server'
            : pid === process.pid
              ? 'bench (clients A and B)'
              : `other: ${now.name.slice(0, 60)}`);
      groups.set(group, (groups.get(group) ?? 0) + spent);
    }
    console.log(`bare push chain p50 ${chain.p50.toFixed(2)} ms, p99 ${chain.p99.toFixed(2)} ms`);
    console.log(`CPU during the ${wallSeconds.toFixed(1)} s measured (${commands} requests), per request:`);
    let total = 0;
    for (const [group, seconds] of [...groups].sort((x, y) => y[1] - x[1])) {
      total += seconds;
      if (seconds * 1000 >= 1) console.log(`  ${group.padEnd(40)} ${((seconds * 1000) / commands).toFixed(2)} ms`);
    }
    console.log(`  ${'total'.padEnd(40)} ${((total * 1000) / commands).toFixed(2)} ms (at 100 commands/s, 2 cores give 20 ms each)`);
  } finally {
    await stack.stop();
    fs.closeSync(logFile);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
