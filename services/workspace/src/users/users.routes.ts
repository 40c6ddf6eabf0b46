import { WorkspaceRpc } from '@kiln/contracts';
import { answerAfterProjection, rpcRoute } from '@kiln/service-kit';
import { AreaRoutes } from '@kiln/service-kit';
import { PgUserReadModel } from './adapters/pg-user.read-model';
import { PgUserRepository } from './adapters/pg-user.repository';
import { UpdateProfileCommand } from './commands/update-profile/update-profile.command';
import { UpdateProfileHandler } from './commands/update-profile/update-profile.handler';
import { ProjectUsersOnUserRegistered } from './projections/project-users-on-user-registered';

/** People: the profile (spec 000 §2 /profile) and `user_view`, which every other area names people from. */
export const usersRoutes: AreaRoutes = {
  providers: [PgUserRepository, PgUserReadModel, UpdateProfileHandler],
  routes: [
    rpcRoute({
      rpc: WorkspaceRpc.updateProfile,
      kind: 'command',
      handle: async ({ actor, body }, context) => {
        const { fullName, eventIds } = await context.commands.execute(new UpdateProfileCommand(actor.userId, body.fullName));
        // Read-your-writes: the next request (the session's user, author names) sees the new name.
        return answerAfterProjection(context, [ProjectUsersOnUserRegistered, eventIds], () => context.get(PgUserReadModel).withName(actor.userId, fullName));
      },
    }),
  ],
  projections: [ProjectUsersOnUserRegistered],
};
