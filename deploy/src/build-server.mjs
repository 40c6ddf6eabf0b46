// `npm run build:server`: compiles the server code into dist/server/<hash> (see build.ts). Plain
// JavaScript run by the pinned Node, which strips build.ts's types itself: nothing needs compiling first.
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const build = await buildServer(repoRoot, (line) => console.log(`[kiln] ${line}`));
if (!build.built) console.log(`[kiln] server code is up to date (dist/server/${build.hash})`);
