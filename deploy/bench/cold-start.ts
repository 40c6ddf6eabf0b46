/**
 * Times `npm start` from a cold checkout and measures the idle stack's memory:
 *   npx node -r @swc-node/register deploy/bench/cold-start.ts          # a fresh clone of HEAD (cold)
 *   npx node -r @swc-node/register deploy/bench/cold-start.ts --here   # this checkout as it is (warm)
 * The fresh clone is "after install": it shares this checkout's node_modules folders but has no web/dist and no
 * dist/server, so `npm start` builds both, as after `npm install` on a new machine. Uses a fresh database
 * and NATS namespace, removed at the end. Goals (issue 6): health in under 10 s, idle ≤ 700 MiB.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../src/stack';
import { measureIdleMemory, renderIdleMemory, startNpmStart } from './idle-memory';

async function main(): Promise<void> {
  const here = process.argv.includes('--here');
  let cwd = REPO_ROOT;
  if (!here) {
    cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-cold-'));
    execFileSync('git', ['clone', '--quiet', '--shared', REPO_ROOT, cwd]);
    // "After install": the installed packages, at the root and any a workspace keeps for itself.
    const workspaces = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
    for (const dir of ['.', ...workspaces]) {
      const modules = path.join(REPO_ROOT, dir, 'node_modules');
      if (fs.existsSync(modules)) fs.symlinkSync(modules, path.join(cwd, dir, 'node_modules'));
    }
  }
  try {
    console.log(`[cold-start] npm start in ${cwd}${here ? '' : ' (fresh clone of HEAD: nothing built)'}`);
    const began = Date.now();
    const verbose = process.env.KILN_VERBOSE ? (line: string) => console.log(`  ${((Date.now() - began) / 1000).toFixed(1).padStart(5)} s  ${line}`) : undefined;
    const started = await startNpmStart({ cwd, log: verbose });
    try {
      console.log(`[cold-start] GET /api/health answered 200 after ${(started.startMs / 1000).toFixed(1)} s (goal < 10 s)`);
      const memory = await measureIdleMemory({ pids: started.pids, runnerPid: started.runnerPid, npmPid: started.npmPid });
      console.log('[cold-start] idle resident memory:');
      console.log(renderIdleMemory(memory));
    } finally {
      await started.stop();
    }
  } finally {
    if (!here) fs.rmSync(cwd, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(`[cold-start] ${error.message}`);
  process.exit(1);
});
