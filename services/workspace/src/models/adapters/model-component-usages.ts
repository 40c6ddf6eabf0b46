import { Transaction } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

/** Whether the model is live in the state (a reaction to its deletion may run after a restore, ADR 0048). */
export async function modelIsLiveIn(trx: Transaction<WorkspaceDatabase>, modelId: string): Promise<boolean> {
  return !!(await trx.withSchema(SCHEMA).selectFrom('models').select('id').where('id', '=', modelId).forShare().executeTakeFirst());
}

/** The model uses no component any more (ADR 0051's usages): in the caller's transaction. */
export async function clearComponentUsagesIn(trx: Transaction<WorkspaceDatabase>, modelId: string): Promise<void> {
  await trx.withSchema(SCHEMA).deleteFrom('component_usages').where('model_id', '=', modelId).execute();
}
