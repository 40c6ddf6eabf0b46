import { createDatabase, readConfig, rebuildProjection } from '@kiln/service-kit';
import { SCHEMA } from './database.types';
import { workspaceProjections } from './read-models';

/**
 * `npm run rebuild-read-models -w services/workspace`: rebuilds every workspace read model from the
 * write-side state (`models`, `users`). Safe while the service runs: readers see the old read model until
 * the new one commits, and live events wait for it, then apply once on top (ADR 0010).
 */
async function main(): Promise<void> {
  const { db } = createDatabase(readConfig().databaseUrl);
  try {
    for (const projection of workspaceProjections) {
      const applied = await rebuildProjection(db, SCHEMA, projection);
      console.log(`${projection.name}: rebuilt from ${applied} rows of state`);
    }
  } finally {
    await db.destroy();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
