import { Transaction } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

/** The model uses no component any more (ADR 0051's usages): in the caller's transaction. */
export async function clearComponentUsagesIn(trx: Transaction<WorkspaceDatabase>, modelId: string): Promise<void> {
  await trx.withSchema(SCHEMA).deleteFrom('component_usages').where('model_id', '=', modelId).execute();
}
