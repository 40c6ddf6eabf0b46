import { WorkspaceRpc } from '@kiln/contracts';
import { rpcRoute } from '@kiln/service-kit';
import { AreaRoutes } from '@kiln/service-kit';
import { PgPushAudienceReadModel } from './adapters/pg-push-audience.read-model';
import { GetPushAudienceHandler } from './queries/get-push-audience/get-push-audience.handler';
import { GetPushAudienceQuery } from './queries/get-push-audience/get-push-audience.query';

/** What the BFF's realtime gateway asks the workspace: which rooms a user's sockets join (ADR 0019). */
export const realtimeRoutes: AreaRoutes = {
  providers: [PgPushAudienceReadModel, GetPushAudienceHandler],
  routes: [
    rpcRoute({
      rpc: WorkspaceRpc.pushAudience,
      kind: 'query',
      handle: ({ actor }, context) => context.queries.execute(new GetPushAudienceQuery(actor.userId)),
    }),
  ],
  projections: [],
};
