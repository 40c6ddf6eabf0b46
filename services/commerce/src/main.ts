/**
 * The commerce service's process: `node services/commerce/src/main.js` (compiled; from the sources
 * `npm start -w services/commerce`). `npm start` hosts it with the other services in one process instead
 * (deploy/src/host.ts, ADR 0073), through `start`, with its own connections and NATS user.
 */
import 'reflect-metadata';
import { KilnConfig, readConfig, startService, StartServiceOptions } from '@kiln/service-kit';
import { CommerceModule } from './commerce.module';

export const start = (config: KilnConfig = readConfig(), options?: StartServiceOptions) => startService('commerce', CommerceModule, config, options);

if (require.main === module) void start();
