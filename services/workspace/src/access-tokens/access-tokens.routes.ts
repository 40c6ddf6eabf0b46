import { WorkspaceRpc } from '@kiln/contracts';
import { AreaRoutes, rpcRoute } from '@kiln/service-kit';
import { PgAccessTokenReadModel } from './adapters/pg-access-token.read-model';
import { PgAccessTokenRepository } from './adapters/pg-access-token.repository';
import { CreateAccessTokenCommand } from './commands/create-access-token/create-access-token.command';
import { CreateAccessTokenHandler } from './commands/create-access-token/create-access-token.handler';
import { RevokeAccessTokenCommand } from './commands/revoke-access-token/revoke-access-token.command';
import { RevokeAccessTokenHandler } from './commands/revoke-access-token/revoke-access-token.handler';
import { ACCESS_TOKEN_READ_MODEL, ACCESS_TOKEN_REPOSITORY } from './ports/access-token.repository.port';
import { ListAccessTokensHandler } from './queries/list-access-tokens/list-access-tokens.handler';
import { ListAccessTokensQuery } from './queries/list-access-tokens/list-access-tokens.query';
import { ResolveAccessTokenHandler } from './queries/resolve-access-token/resolve-access-token.handler';
import { ResolveAccessTokenQuery } from './queries/resolve-access-token/resolve-access-token.query';

/** Access tokens (issue 21, ADR 0065): personal and team tokens made, listed, revoked; a secret resolved for the BFF. */
export const accessTokensRoutes: AreaRoutes = {
  providers: [
    PgAccessTokenRepository,
    { provide: ACCESS_TOKEN_REPOSITORY, useExisting: PgAccessTokenRepository },
    PgAccessTokenReadModel,
    { provide: ACCESS_TOKEN_READ_MODEL, useExisting: PgAccessTokenReadModel },
    CreateAccessTokenHandler,
    RevokeAccessTokenHandler,
    ListAccessTokensHandler,
    ResolveAccessTokenHandler,
  ],
  routes: [
    rpcRoute({
      rpc: WorkspaceRpc.createAccessToken,
      kind: 'command',
      handle: ({ actor, body }, context) => context.commands.execute(new CreateAccessTokenCommand(actor.userId, body)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.listAccessTokens,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListAccessTokensQuery(actor.userId, body.teamId ?? null)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.revokeAccessToken,
      kind: 'command',
      handle: ({ actor, body }, context) => context.commands.execute(new RevokeAccessTokenCommand(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.resolveAccessToken,
      kind: 'query',
      handle: ({ secret }, context) => context.queries.execute(new ResolveAccessTokenQuery(secret)),
    }),
  ],
  projections: [],
};
