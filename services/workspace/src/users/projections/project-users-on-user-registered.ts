import { AnyEventEnvelope, WORKSPACE_STREAM } from '@kiln/contracts';
import { Projection } from '@kiln/service-kit';
import { Transaction } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

/** Builds `user_view`, the people shown as authors and contributors. */
export const ProjectUsersOnUserRegistered: Projection = {
  name: 'project-users-on-user-registered',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.user.registered.v1',
  async reset(trx: Transaction<WorkspaceDatabase>) {
    await trx.withSchema(SCHEMA).deleteFrom('user_view').execute();
  },
  async apply(trx: Transaction<WorkspaceDatabase>, event: AnyEventEnvelope) {
    const { user } = event.data as { user: { id: string; fullName: string; email: string; createdAt: string } };
    await trx
      .withSchema(SCHEMA)
      .insertInto('user_view')
      .values({ id: user.id, full_name: user.fullName, email: user.email, avatar: null, created_at: new Date(user.createdAt) })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },
};
