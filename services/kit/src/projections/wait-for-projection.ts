import { ProjectionRunner } from './projection-runner';
import { AnyDb } from '../db/any-schema';

/**
 * Waits until a projection has applied the given events, so an answer read right after a command
 * already shows its effect. The local runner says at once when it applied one (or already did); with a
 * runner, `processed_events` is read only after a poll interval without its word, because another
 * instance of the service may have consumed them (without one, it is read at once and then each interval).
 * Gives up quietly after `timeoutMs`: the write has committed, the read model will follow.
 */
export async function waitForProjection(
  db: AnyDb,
  schema: string,
  consumer: string,
  eventIds: string[],
  options: { runner?: ProjectionRunner; timeoutMs?: number } = {},
): Promise<boolean> {
  if (eventIds.length === 0) return true;
  const pending = new Set(eventIds);
  let wakeUp: () => void = () => undefined;
  const { runner } = options;
  // Subscribed before asking what it already applied, so an apply in between is not missed.
  const unsubscribe = runner?.onApplied((eventId) => {
    if (pending.delete(eventId) && pending.size === 0) wakeUp();
  });
  for (const id of eventIds) if (runner?.hasApplied(id)) pending.delete(id);
  const deadline = Date.now() + (options.timeoutMs ?? 2000);
  // One statement less per command: the local runner nearly always applies the event within the interval.
  let read = !runner;
  try {
    while (pending.size > 0) {
      if (!read) {
        read = true;
        if (!(await pause(deadline, (wake) => (wakeUp = wake)))) return pending.size === 0;
        continue;
      }
      const rows = await db
        .withSchema(schema)
        .selectFrom('processed_events')
        .select('event_id')
        .where('consumer', '=', consumer)
        .where('event_id', 'in', [...pending])
        .execute();
      for (const row of rows) pending.delete(row.event_id);
      if (pending.size === 0) return true;
      if (!(await pause(deadline, (wake) => (wakeUp = wake)))) return false;
    }
    return true;
  } finally {
    unsubscribe?.();
  }
}

const POLL_MS = 50;

/** Waits one poll interval or until woken; answers false when the deadline has passed. */
async function pause(deadline: number, onWake: (wake: () => void) => void): Promise<boolean> {
  const left = deadline - Date.now();
  if (left <= 0) return false;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, Math.min(left, POLL_MS));
    onWake(() => {
      clearTimeout(timer);
      resolve();
    });
  });
  return true;
}
