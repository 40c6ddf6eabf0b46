import { AuthAnswer, WorkspaceRpc } from '@kiln/contracts';
import { answerAfterProjection, RpcContext, rpcRoute } from '@kiln/service-kit';
import { AreaRoutes } from '@kiln/service-kit';
import { ProjectUsersOnUserRegistered } from '../users/projections/project-users-on-user-registered';
import { Argon2PasswordHasher } from './adapters/argon2-password-hasher';
import { PgSessionReadModel } from './adapters/pg-session.read-model';
import { PgUserAccountRepository } from './adapters/pg-user-account.repository';
import { LogInCommand } from './commands/log-in/log-in.command';
import { LogInHandler } from './commands/log-in/log-in.handler';
import { LogOutCommand } from './commands/log-out/log-out.command';
import { LogOutHandler } from './commands/log-out/log-out.handler';
import { RegisterUserCommand, SignedIn } from './commands/register-user/register-user.command';
import { RegisterUserHandler } from './commands/register-user/register-user.handler';
import { PASSWORD_HASHER } from './ports/password-hasher.port';
import { USER_ACCOUNT_REPOSITORY } from './ports/user-account.repository.port';
import { ResolveSessionHandler } from './queries/resolve-session/resolve-session.handler';
import { ResolveSessionQuery } from './queries/resolve-session/resolve-session.query';

/** Sign-up and sign-in answer once the person is in the read model, so the next request knows them. */
const answerSignedIn = (context: RpcContext, signedIn: SignedIn): Promise<AuthAnswer> =>
  answerAfterProjection(context, [ProjectUsersOnUserRegistered, signedIn.eventIds], async () => {
    const { user } = await context.queries.execute(new ResolveSessionQuery(signedIn.token));
    return { user, token: signedIn.token };
  });

/** Sign-up, sign-in, sign-out and the session behind every request (spec 000 §1, ADR 0042). */
export const authRoutes: AreaRoutes = {
  providers: [
    { provide: USER_ACCOUNT_REPOSITORY, useClass: PgUserAccountRepository },
    { provide: PASSWORD_HASHER, useClass: Argon2PasswordHasher },
    PgSessionReadModel,
    RegisterUserHandler,
    LogInHandler,
    LogOutHandler,
    ResolveSessionHandler,
  ],
  routes: [
    rpcRoute({
      rpc: WorkspaceRpc.register,
      kind: 'query', // limited per address by the use case itself: no signed-in caller yet
      handle: async ({ body, ip }, context) => answerSignedIn(context, await context.commands.execute(new RegisterUserCommand(body, ip))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.login,
      kind: 'query', // limited per e-mail and address by the use case itself
      handle: async ({ body, ip }, context) => answerSignedIn(context, await context.commands.execute(new LogInCommand(body, ip))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.logout,
      kind: 'query',
      handle: async ({ token }, context) => {
        await context.commands.execute(new LogOutCommand(token));
        return { ok: true as const };
      },
    }),
    rpcRoute({
      rpc: WorkspaceRpc.resolveSession,
      kind: 'query',
      handle: ({ token }, context) => context.queries.execute(new ResolveSessionQuery(token)),
    }),
  ],
  projections: [],
};
