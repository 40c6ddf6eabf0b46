/**
 * Only the commerce rebuild part of the benchmark (see business.ts), against the local Postgres and NATS
 * (DATABASE_URL / NATS_URL, defaults 127.0.0.1): a database and a NATS namespace of its own, deleted after.
 * `npx node -r @swc-node/register deploy/bench/commerce-rebuild.ts` (KILN_BENCH_SCALE=0.05 for 5,000 events).
 */
import * as os from 'node:os';
import { commerceRebuildRates } from './business';

const scale = Number(process.env.KILN_BENCH_SCALE ?? '1') || 1;
const count = Math.round(100_000 * Math.min(1, scale));
const say = (line: string) => console.log(`[bench] ${line}`);

async function main(): Promise<void> {
  const before = os.loadavg()[0];
  const r = await commerceRebuildRates({
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    count,
    say,
  });
  say(
    `${r.events} catalog-item events: raw JetStream consume ${Math.round(r.rawPerSecond)} events/s, live replay ${Math.round(r.replayPerSecond)} events/s, ` +
      `rebuild ${Math.round(r.rebuildPerSecond)} events/s; rebuild / raw = ${(r.rebuildPerSecond / r.rawPerSecond).toFixed(2)} (goal >= 0.3); ` +
      `load average ${before.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
