import { User, WorkspaceRpc } from '@kiln/contracts';
import { userDataShort } from '@kiln/domain';
import { rpcRoute } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../database.types';
import { UpdateProfileCommand } from './commands/update-profile/update-profile.command';
import { UpdateProfileHandler } from './commands/update-profile/update-profile.handler';
import { ProjectUsersOnUserRegistered } from './projections/project-users-on-user-registered';

/** The profile (spec 000 §2 /profile): its providers and routes, gathered by the notifications slice. */
export const usersProviders = [UpdateProfileHandler];

export const usersRoutes = [
  rpcRoute({
    rpc: WorkspaceRpc.updateProfile,
    kind: 'command',
    handle: async ({ actor, body }, context) => {
      const { fullName, eventIds } = await context.commands.execute(new UpdateProfileCommand(actor.userId, body.fullName));
      // Read-your-writes: the next request (the session's user, author names) sees the new name.
      await context.runtime.waitForProjection(ProjectUsersOnUserRegistered, eventIds);
      const db = context.runtime.db as Kysely<WorkspaceDatabase>;
      const row = await db.withSchema(SCHEMA).selectFrom('users').select(['id', 'email']).where('id', '=', actor.userId).executeTakeFirstOrThrow();
      const view = await db.withSchema(SCHEMA).selectFrom('user_view').select('avatar').where('id', '=', actor.userId).executeTakeFirst();
      // The committed name, whatever the projection's lag; the avatar falls back to initials and colour.
      const user: User = { id: row.id, fullName, email: row.email, avatar: (view?.avatar as User['avatar']) ?? null, dataShort: userDataShort(fullName, row.id) };
      return user;
    },
  }),
];
