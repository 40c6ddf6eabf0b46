// `npm run build:server`: compiles the server code into dist/server/<hash> (see build.ts). Plain
// JavaScript run by the pinned Node, which strips build.ts's types itself: nothing needs compiling first.
// With --web (`npm run build`), the web app builds at the same time: the two overlap instead of adding
// up. (`npm start` builds the web app from the runner instead, while the services start.)
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const web = process.argv.includes('--web')
  ? new Promise((resolve) => {
      const npm = spawn('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
      npm.once('error', (error) => {
        console.error(`[kiln] could not run npm run build -w web: ${error.message}`);
        resolve(1);
      });
      npm.once('close', (code) => resolve(code ?? 1));
    })
  : Promise.resolve(0);

let failed = false;
try {
  const build = await buildServer(repoRoot, (line) => console.log(`[kiln] ${line}`));
  if (!build.built) console.log(`[kiln] server code is up to date (dist/server/${build.hash})`);
} catch (error) {
  console.error(`[kiln] could not compile the server code: ${error.message}`);
  failed = true;
}
const webCode = await web;
process.exit(failed ? 1 : webCode);
