import { Kysely } from 'kysely';

/**
 * Waits until a projection has applied the given events, so an answer read right after a command
 * already shows its effect. Reads `processed_events`, which works whichever instance consumed them.
 * Gives up quietly after `timeoutMs`: the write has committed, the read model will follow.
 */
export async function waitForProjection(db: Kysely<any>, schema: string, consumer: string, eventIds: string[], timeoutMs = 2000): Promise<boolean> {
  if (eventIds.length === 0) return true;
  const deadline = Date.now() + timeoutMs;
  let pause = 2;
  while (true) {
    const rows = await db
      .withSchema(schema)
      .selectFrom('processed_events')
      .select(db.fn.countAll<number>().as('n'))
      .where('consumer', '=', consumer)
      .where('event_id', 'in', eventIds)
      .executeTakeFirstOrThrow();
    if (Number(rows.n) >= eventIds.length) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 50);
  }
}
