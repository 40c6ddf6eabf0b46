/**
 * The analytics consumer's process (ADR 0068). `npm start` runs it beside the services with its own NATS user.
 *
 *   node services/analytics/src/main.js            reads the streams until SIGTERM/SIGINT
 *   node services/analytics/src/main.js rebuild    drops the read model, replays the streams, exits when caught up
 *
 * From the sources: `npm start -w services/analytics`, `npm run rebuild -w services/analytics`.
 */
import { Analytics, readConfig } from './analytics';

async function main(): Promise<void> {
  const log = (line: string) => console.log(line);
  const analytics = await Analytics.open(readConfig(), log);
  if (process.argv[2] === 'rebuild') {
    const covers = await analytics.rebuild();
    analytics.start();
    await analytics.waitCaughtUp(Number(process.env.ANALYTICS_REBUILD_TIMEOUT_MS ?? 600_000));
    for (const [stream, since] of Object.entries(covers)) log(`rebuilt from ${stream}: ${since ? `events since ${since}` : 'no events'}`);
    await analytics.close();
    return;
  }
  analytics.start();
  log(`reading ${analytics.names.namespace ? `namespace ${analytics.names.namespace}` : 'the event streams'}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing the batches in hand`);
    void analytics.close().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: Error) => {
  console.error(`analytics: ${error.stack ?? error.message}`);
  process.exit(1);
});
