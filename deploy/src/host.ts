/**
 * A host: several services in one Node process (ADR 0073), the way `npm start` runs them.
 *
 *   node dist/server/current/deploy/src/host.js workspace plugin-registry assets commerce integrations
 *
 * Each service is started as it is in a process of its own (`start` of its main.ts): its own Nest app,
 * its own database pool, NATS connections and NATS user, its own queue group; the services still talk
 * to each other over NATS only. What they share is the Node process: the binary's pages, the loaded
 * code of Nest, rxjs, zod, pg and nats.js — most of an idle service's memory (ADR 0016, 2026-11-26).
 * What hosting costs: one crash restarts every hosted service, and they share one CPU thread.
 *
 * Each service's NATS user comes from `NATS_USER_<SERVICE>` / `NATS_PASSWORD_<SERVICE>` (`plugin-registry`
 * → `PLUGIN_REGISTRY`), else `NATS_USER` / `NATS_PASSWORD`; everything else from the environment as usual.
 * SIGTERM or SIGINT closes every service (each finishes what it has in hand), then the process exits.
 */
import type { INestMicroservice } from '@nestjs/common';
import type { KilnConfig, StartServiceOptions } from '../../services/kit/src';
import { readConfig } from '../../services/kit/src/config';

type Start = (config?: KilnConfig, options?: StartServiceOptions) => Promise<INestMicroservice>;

/** Each service's `start`, loaded only when hosted. */
const SERVICES: Record<string, () => Promise<{ start: Start }>> = {
  workspace: () => import('../../services/workspace/src/main'),
  'plugin-registry': () => import('../../services/plugin-registry/src/main'),
  assets: () => import('../../services/assets/src/main'),
  commerce: () => import('../../services/commerce/src/main'),
  integrations: () => import('../../services/integrations/src/main'),
};

/** `plugin-registry` → `NATS_USER_PLUGIN_REGISTRY`. */
export function natsUserVariable(service: string, kind: 'USER' | 'PASSWORD'): string {
  return `NATS_${kind}_${service.toUpperCase().replace(/-/g, '_')}`;
}

/** What `service` connects with in a host: the environment's settings, with its own NATS user when one is given. */
export function hostedConfig(service: string, env: NodeJS.ProcessEnv = process.env): KilnConfig {
  const config = readConfig(env);
  const user = env[natsUserVariable(service, 'USER')];
  return user ? { ...config, natsUser: user, natsPassword: env[natsUserVariable(service, 'PASSWORD')] || undefined } : config;
}

async function main(names: string[]): Promise<void> {
  const unknown = names.filter((name) => !SERVICES[name]);
  if (!names.length || unknown.length) throw new Error(`usage: host.js <service>… (unknown: ${unknown.join(', ') || 'none given'})`);
  // All at once: a start is mostly waiting on Postgres and NATS (migrations, streams, consumers).
  const starting = names.map(async (name) => {
    const { start } = await SERVICES[name]();
    return start(hostedConfig(name), { shutdownHooks: false });
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${names.join(', ')}`);
    // A service still starting is closed once started.
    void Promise.allSettled(starting.map((app) => app.then((a) => a.close()))).then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  await Promise.all(starting);
  console.log(`hosting ${names.join(', ')}`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: Error) => {
    console.error(`host: ${error.stack ?? error.message}`);
    process.exit(1);
  });
}
