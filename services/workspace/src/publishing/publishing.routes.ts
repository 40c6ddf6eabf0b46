import { WorkspacePublishingRpc } from '@kiln/contracts';
import { rpcRoute } from '@kiln/service-kit';
import { AreaRoutes } from '@kiln/service-kit';
import { PgUserReadModel } from '../users/adapters/pg-user.read-model';
import { PgPublishedReadModel } from './adapters/pg-published.read-model';
import { ListMyPublishedHandler } from './queries/list-my-published/list-my-published.handler';
import { ListMyPublishedQuery } from './queries/list-my-published/list-my-published.query';
import { FollowProductsOnProductEvents } from './reactions/follow-products-on-product-events';

/**
 * Publishing, the workspace's side (spec 000 §2 Published, §4 menu label; ADR 0022): products live in the
 * commerce service; here the models follow their product's events, Published lists them, and the
 * commerce service may ask a caller's e-mail (its moderators can be listed by e-mail).
 */
export const publishingRoutes: AreaRoutes = {
  providers: [PgPublishedReadModel, ListMyPublishedHandler],
  routes: [
    rpcRoute({
      rpc: WorkspacePublishingRpc.listMyPublished,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListMyPublishedQuery(actor.userId, body)),
    }),
    rpcRoute({
      rpc: WorkspacePublishingRpc.actorEmail,
      kind: 'query',
      // The caller's own e-mail only: the actor is the person the BFF (or the commerce service) acts for.
      handle: async ({ actor }, context) => ({ userId: actor.userId, email: await context.get(PgUserReadModel).emailOf(actor.userId) }),
    }),
  ],
  projections: [FollowProductsOnProductEvents],
};
