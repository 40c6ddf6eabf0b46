import { Transaction } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

type Trx = Transaction<WorkspaceDatabase>;

/**
 * Full names for the sentences, read when the notification is made: from `user_view`, or from the
 * `users` state while that projection catches up. Someone erased meanwhile is 'Someone'.
 */
export async function fullNames(trx: Trx, ids: string[]): Promise<(id: string) => string> {
  const names = new Map<string, string>();
  const wanted = [...new Set(ids)];
  if (wanted.length) {
    const viewed = await trx.withSchema(SCHEMA).selectFrom('user_view').select(['id', 'full_name']).where('id', 'in', wanted).execute();
    for (const row of viewed) names.set(row.id, row.full_name);
    const missing = wanted.filter((id) => !names.has(id));
    if (missing.length) {
      const stated = await trx.withSchema(SCHEMA).selectFrom('users').select(['id', 'full_name']).where('id', 'in', missing).execute();
      for (const row of stated) names.set(row.id, row.full_name);
    }
  }
  return (id) => names.get(id) ?? 'Someone';
}

/** A model's name for a sentence: `model_view` (a tombstone keeps it), else the `models` state while the view catches up. */
export async function modelName(trx: Trx, modelId: string): Promise<string> {
  const viewed = await trx.withSchema(SCHEMA).selectFrom('model_view').select('name').where('id', '=', modelId).executeTakeFirst();
  if (viewed) return viewed.name;
  const stated = await trx.withSchema(SCHEMA).selectFrom('models').select('name').where('id', '=', modelId).executeTakeFirst();
  return stated?.name ?? 'a model';
}
