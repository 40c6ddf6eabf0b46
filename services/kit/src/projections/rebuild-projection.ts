import { sql } from 'kysely';
import { Projection, projectionLockKey } from './projection-runner';
import { AnyDb } from '../db/any-schema';

/**
 * Rebuilds a read model from the service's write-side state (`projection.rebuild`), in one transaction:
 * readers see the old read model until the new one commits. Published outbox rows are pruned, so events
 * are not replayed. The projection's exclusive advisory lock makes live applies (which take it shared,
 * see `applyOnce`) wait for the commit and then land on top, version-guarded: each event applies once.
 */
export async function rebuildProjection(db: AnyDb, schema: string, projection: Projection): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${projectionLockKey(schema, projection.name)}))`.execute(trx);
    return projection.rebuild(trx);
  });
}
