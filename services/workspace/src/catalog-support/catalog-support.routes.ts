import { WorkspaceCatalogRpc } from '@kiln/contracts';
import { rpcRoute } from '@kiln/service-kit';
import { AreaRoutes } from '@kiln/service-kit';
import { PgCatalogModelsReadModel } from './adapters/pg-catalog-models.read-model';
import { LookupCatalogModelsHandler } from './queries/lookup-catalog-models/lookup-catalog-models.handler';
import { LookupCatalogModelsQuery } from './queries/lookup-catalog-models/lookup-catalog-models.query';

/**
 * The workspace's side of the commerce catalog (spec 002 §5/§7, ADR 0027): the commerce service asks,
 * for the caller, which models exist, which they may view, and each one's name and author. The answer
 * uses the workspace's own policy, so the commerce service never guesses who may see a model.
 */
export const catalogSupportRoutes: AreaRoutes = {
  providers: [PgCatalogModelsReadModel, LookupCatalogModelsHandler],
  routes: [
    rpcRoute({
      rpc: WorkspaceCatalogRpc.models,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new LookupCatalogModelsQuery(actor.userId, body.ids)),
    }),
  ],
  projections: [],
};
