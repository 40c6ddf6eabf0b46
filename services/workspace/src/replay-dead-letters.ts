import { createDatabase, readConfig, replayDeadLetters } from '@kiln/service-kit';
import { SCHEMA } from './database.types';
import { workspaceProjections } from './read-models';

/**
 * `npm run replay-dead-letters -w services/workspace`: once the cause is fixed, applies each event a
 * projection gave up on (table `dead_letters`) exactly once and marks it replayed. Safe while the service runs.
 */
async function main(): Promise<void> {
  const { db } = createDatabase(readConfig().databaseUrl);
  try {
    const { replayed, failed } = await replayDeadLetters(db, SCHEMA, workspaceProjections, { log: console.log });
    console.log(`dead letters: ${replayed} replayed, ${failed} still failing`);
    if (failed > 0) process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
