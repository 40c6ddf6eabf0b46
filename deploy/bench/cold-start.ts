/**
 * Times `npm start` from a cold checkout and measures the idle stack's memory:
 *   npx node -r @swc-node/register deploy/bench/cold-start.ts          # a fresh clone of HEAD (cold)
 *   npx node -r @swc-node/register deploy/bench/cold-start.ts --here   # this checkout as it is (warm)
 * The fresh clone is "after install": it shares this checkout's node_modules folders but has no web/dist
 * and no dist/server, so `npm start` builds both, as after `npm install` on a new machine. Uses a fresh
 * database and NATS namespace, removed at the end. KILN_VERBOSE=1 prints npm start's output with times.
 * Goals (issue 6): health in under 10 s, idle ≤ 700 MiB.
 */
import { measureNpmStart, renderIdleMemory } from './idle-memory';

async function main(): Promise<void> {
  const cold = !process.argv.includes('--here');
  const began = Date.now();
  const log = process.env.KILN_VERBOSE ? (line: string) => console.log(`  ${((Date.now() - began) / 1000).toFixed(1).padStart(5)} s  ${line}`) : undefined;
  console.log(`[cold-start] npm start in ${cold ? 'a fresh clone of HEAD (nothing built)' : 'this checkout'}`);
  const figures = await measureNpmStart({ cold, log });
  console.log(`[cold-start] GET /api/health answered 200 after ${(figures.startMs / 1000).toFixed(1)} s (goal < 10 s)`);
  console.log('[cold-start] idle resident memory:');
  console.log(renderIdleMemory(figures.memory));
}

main().catch((error: Error) => {
  console.error(`[cold-start] ${error.message}`);
  process.exit(1);
});
