import { WORKSPACE_STREAM } from '@kiln/contracts';
import { snapshotProjection } from '@kiln/service-kit';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

type UserRow = WorkspaceDatabase['users'];
const toViewRow = (user: UserRow) => ({ id: user.id, full_name: user.full_name, email: user.email, avatar: null, created_at: user.created_at });

/**
 * Builds `user_view`, the people shown as authors and contributors. Events carry ids only (v2; v1 is
 * retired but may still be in the stream): the name and e-mail are read from the `users` state table
 * when the event is applied, so the row is always the person's current data, and a person erased from
 * `users` is not shown. It hears every `workspace.user.*` fact: sign-ups and profile updates alike.
 */
export const ProjectUsersOnUserRegistered = snapshotProjection<UserRow & Record<string, unknown>>({
  name: 'project-users-on-user-registered',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.user.>',
  schema: SCHEMA,
  table: 'user_view',
  key: 'id',
  async toRow(event, trx) {
    const user = await trx.withSchema(SCHEMA).selectFrom('users').selectAll().where('id', '=', event.aggregateId).executeTakeFirst();
    return user ? toViewRow(user as UserRow) : null;
  },
  source: { table: 'users', toRow: toViewRow },
});
