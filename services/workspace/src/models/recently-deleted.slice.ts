import { WorkspaceRpc } from '@kiln/contracts';
import { rpcRoute } from '@kiln/service-kit';
import { PgDeletedModelsReadModel } from '../adapters/pg-deleted-models.read-model';
import { PgModelReadModel } from '../adapters/pg-model.read-model';
import { ProjectFavoritesOnFavoriteEvents } from '../sharing/projections/project-favorites-on-favorite-events';
import { ProjectModelSharesOnShareEvents } from '../sharing/projections/project-model-shares-on-share-events';
import { WorkspaceSlice } from '../workspace-slice';
import { RestoreModelCommand } from './commands/restore-model/restore-model.command';
import { RestoreModelHandler } from './commands/restore-model/restore-model.handler';
import { ProjectModelsOnModelEvents } from './projections/project-models-on-model-events';
import { ListRecentlyDeletedHandler } from './queries/list-recently-deleted/list-recently-deleted.handler';
import { ListRecentlyDeletedQuery } from './queries/list-recently-deleted/list-recently-deleted.query';

/** "Recently deleted" and restoring a deleted model with its shares and favorites (ADR 0048). */
export const recentlyDeletedSlice: WorkspaceSlice = {
  providers: [PgDeletedModelsReadModel, RestoreModelHandler, ListRecentlyDeletedHandler],
  routes: [
    rpcRoute({
      rpc: WorkspaceRpc.listRecentlyDeleted,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListRecentlyDeletedQuery(actor.userId, body)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.restoreModel,
      kind: 'command',
      // Answers once the model is back in My Models and its shares and favorites in their lists (bounded wait).
      handle: async ({ actor, body }, context) => {
        const restored = await context.commands.execute(new RestoreModelCommand(actor.userId, body.id));
        const [, , , model] = await Promise.all([
          context.runtime.waitForProjection(ProjectModelsOnModelEvents, restored.eventIds),
          context.runtime.waitForProjection(ProjectModelSharesOnShareEvents, restored.shareEventIds),
          context.runtime.waitForProjection(ProjectFavoritesOnFavoriteEvents, restored.favoriteEventIds),
          context.get(PgModelReadModel).present(actor.userId, restored.model),
        ]);
        return model;
      },
    }),
  ],
  projections: [],
};
