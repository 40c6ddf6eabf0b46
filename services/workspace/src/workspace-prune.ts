import { restoreWindowStart } from '@kiln/domain';
import { PruneHook } from '@kiln/service-kit';
import { readAuthLimits } from './auth/limits';
import { SCHEMA } from './database.types';

/** The workspace's own rows the scheduled job deletes: expired sessions, and failed sign-ins past every limit's window. */
export const workspacePruneHooks: Record<string, PruneHook> = {
  sessions: async (trx, now) => (await trx.withSchema(SCHEMA).deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst()).numDeletedRows,
  // Deleted models past the restore window are gone for good (ADR 0048).
  deleted_models: async (trx, now) =>
    (await trx.withSchema(SCHEMA).deleteFrom('deleted_models').where('deleted_at', '<', restoreWindowStart(now)).executeTakeFirst()).numDeletedRows,
  login_failures: async (trx, now) => {
    // The configured windows: a failure is kept as long as any limit still counts it.
    const { loginFailuresPerEmailAndAddress, loginFailuresPerAddress } = readAuthLimits();
    const windowMs = Math.max(loginFailuresPerEmailAndAddress.windowSeconds, loginFailuresPerAddress.windowSeconds) * 1000;
    return (
      await trx
        .withSchema(SCHEMA)
        .deleteFrom('login_failures')
        .where('at', '<', new Date(now.getTime() - windowMs))
        .executeTakeFirst()
    ).numDeletedRows;
  },
};
