/**
 * The integrations service's process: `node services/integrations/src/main.js` (compiled; from the sources
 * `npm start -w services/integrations`). `npm start` hosts it with the other services in one process instead
 * (deploy/src/host.ts, ADR 0073), through `start`, with its own connections and NATS user.
 */
import 'reflect-metadata';
import { KilnConfig, readConfig, startService, StartServiceOptions } from '@kiln/service-kit';
import { IntegrationsModule } from './integrations.module';

export const start = (config: KilnConfig = readConfig(), options?: StartServiceOptions) => startService('integrations', IntegrationsModule, config, options);

if (require.main === module) void start();
