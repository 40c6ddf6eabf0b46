import { Projection } from '../projections/projection-runner';
import { RpcContext } from './rpc-table';

/** A projection and the events of a change it must have applied before the command answers. */
export type ProjectionWait = readonly [projection: Projection, eventIds: readonly string[]];

/**
 * Read-your-writes for every command, written once: waits (bounded, see waitForProjection) until each
 * projection has applied the change's events, then builds the answer, which may read the views.
 * `viewsFree: true` builds an answer that reads no view while waiting (it only shapes the change's own state).
 */
export async function answerAfterProjection<T>(
  context: RpcContext,
  waits: ProjectionWait | readonly ProjectionWait[],
  answer: () => T | Promise<T>,
  options: { viewsFree?: boolean } = {},
): Promise<T> {
  const list = (isSingle(waits) ? [waits] : waits).filter(([, eventIds]) => eventIds.length > 0);
  const waited = Promise.all(list.map(([projection, eventIds]) => context.runtime.waitForProjection(projection, [...eventIds])));
  if (options.viewsFree) return (await Promise.all([waited, answer()]))[1];
  await waited;
  return answer();
}

function isSingle(waits: ProjectionWait | readonly ProjectionWait[]): waits is ProjectionWait {
  return waits.length > 0 && !Array.isArray(waits[0]);
}
