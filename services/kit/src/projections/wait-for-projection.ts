import { Kysely } from 'kysely';
import { ProjectionRunner } from './projection-runner';

/**
 * Waits until a projection has applied the given events, so an answer read right after a command
 * already shows its effect. The local runner says at once when it applied one; `processed_events`
 * is also read now and then, because another instance of the service may have consumed them.
 * Gives up quietly after `timeoutMs`: the write has committed, the read model will follow.
 */
export async function waitForProjection(
  db: Kysely<any>,
  schema: string,
  consumer: string,
  eventIds: string[],
  options: { runner?: ProjectionRunner; timeoutMs?: number } = {},
): Promise<boolean> {
  if (eventIds.length === 0) return true;
  const pending = new Set(eventIds);
  let wakeUp: () => void = () => undefined;
  const unsubscribe = options.runner?.onApplied((eventId) => {
    if (pending.delete(eventId) && pending.size === 0) wakeUp();
  });
  const deadline = Date.now() + (options.timeoutMs ?? 2000);
  try {
    while (pending.size > 0) {
      const rows = await db
        .withSchema(schema)
        .selectFrom('processed_events')
        .select('event_id')
        .where('consumer', '=', consumer)
        .where('event_id', 'in', [...pending])
        .execute();
      for (const row of rows) pending.delete(row.event_id);
      if (pending.size === 0) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return true;
  } finally {
    unsubscribe?.();
  }
}
