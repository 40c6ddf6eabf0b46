/**
 * Rewrites deploy/nats/kiln-users.conf from natsAuthConfig() (no namespace, passwords from the
 * environment): `npx node -r @swc-node/register deploy/src/write-nats-users.ts`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { natsAuthConfig, passwordsFromEnvironment } from './nats-auth';

const file = path.resolve(__dirname, '..', 'nats', 'kiln-users.conf');
fs.writeFileSync(file, natsAuthConfig({ passwords: passwordsFromEnvironment() }));
console.log(`wrote ${path.relative(process.cwd(), file)}`);
