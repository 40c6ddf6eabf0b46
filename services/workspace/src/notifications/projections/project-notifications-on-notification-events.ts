import { WORKSPACE_STREAM } from '@kiln/contracts';
import { Projection } from '@kiln/service-kit';
import { RawBuilder, sql, Transaction } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

const COLUMNS = sql.join(['id', 'recipient_id', 'type', 'message', 'data', 'read', 'disabled', 'created_at', 'version'].map((c) => sql.ref(c)));
const view = sql.id(SCHEMA, 'notification_view');
const state = sql.id(SCHEMA, 'notifications');

/**
 * Copies the matching state rows into the view. Events carry no sentence, so the rows are read from the
 * state when an event is applied: any apply writes the latest state, and the version guard keeps an
 * older row (a rebuild racing a live apply) from overwriting a newer one.
 */
async function copyFromState(trx: Transaction<WorkspaceDatabase>, where: RawBuilder<unknown>): Promise<number> {
  const result = await sql`
    INSERT INTO ${view} (${COLUMNS}) SELECT ${COLUMNS} FROM ${state} WHERE ${where}
    ON CONFLICT (id) DO UPDATE
      SET read = excluded.read, disabled = excluded.disabled, message = excluded.message, data = excluded.data, version = excluded.version
    WHERE ${view}.version < excluded.version`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** Builds `notification_view`, which the list and the counts read (one consumer: `workspace.notification.>`). */
export const ProjectNotificationsOnNotificationEvents: Projection = {
  name: 'project-notifications-on-notification-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.notification.>',
  async apply(trx, event) {
    if (event.type === 'workspace.notification.all-read.v1') {
      const { recipientId, upTo } = event.data as { recipientId: string; upTo: string };
      await copyFromState(trx, sql`recipient_id = ${recipientId} AND created_at <= ${upTo}::timestamptz`);
    } else {
      const { notification } = event.data as { notification: { id: string } };
      await copyFromState(trx, sql`id = ${notification.id}`);
    }
  },
  async rebuild(trx) {
    await trx.withSchema(SCHEMA).deleteFrom('notification_view').execute();
    return copyFromState(trx, sql`true`);
  },
};
