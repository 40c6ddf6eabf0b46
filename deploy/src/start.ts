/**
 * `npm start`: runs Kiln on this machine until Ctrl-C. Options come from the environment only:
 *   PORT (8080), DATABASE_URL, NATS_URL, KILN_NAMESPACE,
 *   WEB_DIST (a web app built already, served as it is; default: web/ is built into web/dist at start),
 *   KILN_EMBEDDED_PG_PORT (5432, when no Postgres is found and an embedded one is started),
 *   KILN_EMBEDDED_PG=1 (start the embedded Postgres even when another one answers),
 *   KILN_RPC_KEY (the secret that signs RPC requests, ADR 0040; default: a new random one for each start).
 *   KILN_SECRETS_KEY (the key commerce seals store secrets with, ADR 0060; default: .data/secrets/secrets-key, made once).
 *   KILN_HOST_SERVICES: by default the services run in two host processes (NPM_START_HOSTS, ADR 0073);
 *     `off`: one process per service, `one`: all of them in one process.
 * A child that dies is restarted with back-off (see restart-backoff.ts); Ctrl-C stops everything.
 * Runs compiled (`dist/server/current/deploy/src/start.js`, built by deploy/src/build-server.mjs just
 * before); it builds the web app while the services start (ADR 0016).
 */
import { NPM_START_HOSTS, startStack } from './stack';

async function main(): Promise<void> {
  const stack = await startStack({
    handleSignals: true,
    buildWeb: !process.env.WEB_DIST,
    hostServices: process.env.KILN_HOST_SERVICES === 'off' ? false : process.env.KILN_HOST_SERVICES === 'one' ? true : NPM_START_HOSTS,
  });
  await stack.stopped;
}

main().catch((error: Error) => {
  console.error(`[kiln] could not start: ${error.message}`);
  process.exit(1);
});
