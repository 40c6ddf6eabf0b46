import { AnyEventEnvelope } from '@kiln/contracts';
import { Kysely, sql } from 'kysely';
import { Projection } from './projection-runner';

/** `workspace.model.>` → a SQL LIKE pattern over event types (`>` = any tail, `*` = one token). */
export function subjectToLike(subject: string): string {
  return subject
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replace(/\.>$/, '.%')
    .replace(/\*/g, '%');
}

/**
 * Rebuilds a read model from scratch out of the outbox, which keeps every event the service ever
 * wrote (Postgres is the system of record; the stream need not keep history). Reset and replay run in
 * one transaction, so readers see the old read model until the new one is complete. Events that the
 * live consumer applies meanwhile are skipped by the usual `(consumer, event_id)` check.
 */
export async function rebuildProjection(db: Kysely<any>, schema: string, projection: Projection, batchSize = 1000): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // One rebuild at a time per projection.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`${schema}.rebuild.${projection.name}`}))`.execute(trx);
    await projection.reset(trx);
    await trx.withSchema(schema).deleteFrom('processed_events').where('consumer', '=', projection.name).execute();
    let after = 0;
    let applied = 0;
    for (;;) {
      const rows = await trx
        .withSchema(schema)
        .selectFrom('outbox')
        .select(['position', 'event_id', 'payload'])
        .where('position', '>', after)
        .where(sql<boolean>`type LIKE ${subjectToLike(projection.subject)}`)
        .orderBy('position')
        .limit(batchSize)
        .execute();
      if (rows.length === 0) return applied;
      for (const row of rows) {
        await projection.apply(trx, row.payload as AnyEventEnvelope);
        applied++;
      }
      await trx
        .withSchema(schema)
        .insertInto('processed_events')
        .values(rows.map((row) => ({ consumer: projection.name, event_id: row.event_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      after = rows[rows.length - 1].position;
    }
  });
}
