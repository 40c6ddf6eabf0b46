import { EventSchemas, parseEvent } from '@kiln/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import { applyOnce, Projection } from './projection-runner';
import { AnyDb } from '../db/any-schema';

/** Dead letters not replayed yet: what health details report. */
export async function countDeadLetters(db: AnyDb, schema: string): Promise<number> {
  const row = await db
    .withSchema(schema)
    .selectFrom('dead_letters')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('replayed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Applies each unreplayed dead letter through the same exactly-once path as the live consumer (parse with
 * the contracts, shared projection lock, `processed_events`), marking it replayed in that transaction.
 * One that still fails stays, with its new error. Run once the cause is fixed (a CLI per service).
 */
export async function replayDeadLetters(
  db: AnyDb,
  schema: string,
  projections: Projection[],
  options: { schemas?: Record<string, z.ZodType>; log?: (message: string) => void } = {},
): Promise<{ replayed: number; failed: number }> {
  const log = options.log ?? (() => undefined);
  const letters = await db.withSchema(schema).selectFrom('dead_letters').selectAll().where('replayed_at', 'is', null).orderBy('id').execute();
  let replayed = 0;
  let failed = 0;
  for (const letter of letters) {
    const projection = projections.find((p) => p.name === letter.consumer);
    try {
      if (!projection) throw new Error(`no projection named ${letter.consumer}`);
      const event = parseEvent(JSON.parse(letter.payload), options.schemas ?? EventSchemas);
      await db.transaction().execute(async (trx) => {
        await applyOnce(trx, schema, projection, event);
        await trx
          .withSchema(schema)
          .updateTable('dead_letters')
          .set({ replayed_at: sql`now()` })
          .where('id', '=', letter.id)
          .execute();
      });
      replayed++;
      log(`${letter.consumer}: replayed ${letter.event_id}`);
    } catch (error) {
      failed++;
      await db
        .withSchema(schema)
        .updateTable('dead_letters')
        .set({ error: String((error as Error).stack ?? error) })
        .where('id', '=', letter.id)
        .execute();
      log(`${letter.consumer}: ${letter.event_id} still fails: ${(error as Error).message}`);
    }
  }
  return { replayed, failed };
}
