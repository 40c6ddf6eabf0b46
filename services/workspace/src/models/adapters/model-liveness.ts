import { Transaction } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

/**
 * Whether the model is live in the state, for a reaction to its deletion (which may run after a restore,
 * ADR 0048). The trash row is locked first: a restore in flight deletes it, so this waits for that restore
 * to commit (and a restore that starts later waits for the reaction). Without the lock a reaction could
 * see no model, then end the shares a concurrent restore had just kept.
 */
export async function modelIsLiveIn(trx: Transaction<WorkspaceDatabase>, modelId: string): Promise<boolean> {
  const t = trx.withSchema(SCHEMA);
  await t.selectFrom('deleted_models').select('id').where('id', '=', modelId).forShare().executeTakeFirst();
  return !!(await t.selectFrom('models').select('id').where('id', '=', modelId).forShare().executeTakeFirst());
}
