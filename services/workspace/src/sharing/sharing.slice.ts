import { Model, WorkspaceRpc } from '@kiln/contracts';
import { DomainError, FAVORITE_MESSAGES } from '@kiln/domain';
import { RpcContext, rpcRoute } from '@kiln/service-kit';
import { PgModelReadModel } from '../adapters/pg-model.read-model';
import { ModelChange } from '../models/commands/create-model/create-model.command';
import { DuplicateModelCommand } from '../models/commands/duplicate-model/duplicate-model.command';
import { DuplicateModelHandler } from '../models/commands/duplicate-model/duplicate-model.handler';
import { ShareWithEveryoneCommand } from '../models/commands/share-with-everyone/share-with-everyone.command';
import { ShareWithEveryoneHandler } from '../models/commands/share-with-everyone/share-with-everyone.handler';
import { ModelAccess } from '../models/model-access';
import { ProjectModelsOnModelEvents } from '../models/projections/project-models-on-model-events';
import { GetModelAccessibilityHandler } from '../models/queries/get-model-accessibility/get-model-accessibility.handler';
import { GetModelAccessibilityQuery } from '../models/queries/get-model-accessibility/get-model-accessibility.query';
import { WorkspaceSlice } from '../workspace-slice';
import { PgSharingReadModel } from './adapters/pg-sharing.read-model';
import { PgSharingRepository } from './adapters/pg-sharing.repository';
import { ChangeShareRoleCommand } from './commands/change-share-role/change-share-role.command';
import { ChangeShareRoleHandler } from './commands/change-share-role/change-share-role.handler';
import { RemoveFavoriteCommand } from './commands/remove-favorite/remove-favorite.command';
import { RemoveFavoriteHandler } from './commands/remove-favorite/remove-favorite.handler';
import { RemoveShareCommand } from './commands/remove-share/remove-share.command';
import { RemoveShareHandler } from './commands/remove-share/remove-share.handler';
import { ShareModelCommand } from './commands/share-model/share-model.command';
import { ShareModelHandler } from './commands/share-model/share-model.handler';
import { ShareChange } from './commands/sharing-change';
import { ToggleFavoriteCommand } from './commands/toggle-favorite/toggle-favorite.command';
import { ToggleFavoriteHandler } from './commands/toggle-favorite/toggle-favorite.handler';
import { ProjectFavoritesOnFavoriteEvents } from './projections/project-favorites-on-favorite-events';
import { ProjectModelSharesOnShareEvents } from './projections/project-model-shares-on-share-events';
import { ProjectSharedListsOnModelEvents } from './projections/project-shared-lists-on-model-events';
import { GetModelSharesHandler } from './queries/get-model-shares/get-model-shares.handler';
import { GetModelSharesQuery } from './queries/get-model-shares/get-model-shares.query';
import { ListFavoritesHandler } from './queries/list-favorites/list-favorites.handler';
import { ListFavoritesQuery } from './queries/list-favorites/list-favorites.query';
import { ListShareUsersHandler } from './queries/list-share-users/list-share-users.handler';
import { ListShareUsersQuery } from './queries/list-share-users/list-share-users.query';
import { ListSharedWithMeHandler } from './queries/list-shared-with-me/list-shared-with-me.handler';
import { ListSharedWithMeQuery } from './queries/list-shared-with-me/list-shared-with-me.query';
import { ActivateSharesOnUserRegistered } from './reactions/activate-shares-on-user-registered';
import { EndSharesAndFavoritesOnModelDeleted } from './reactions/end-shares-and-favorites-on-model-deleted';

/** Commands answer once their events are in the read models (read-your-writes, bounded wait). */
async function answerModel(context: RpcContext, actorId: string, change: ModelChange): Promise<Model> {
  const [, model] = await Promise.all([context.runtime.waitForProjection(ProjectModelsOnModelEvents, change.eventIds), context.get(PgModelReadModel).present(actorId, change.model)]);
  return model;
}

async function answerShare(context: RpcContext, actorId: string, change: ShareChange) {
  await context.runtime.waitForProjection(ProjectModelSharesOnShareEvents, change.eventIds);
  return context.get(PgSharingReadModel).presentShare(actorId, change.share);
}

/** Model access through teams and shares, sharing, favorites, duplicate, accessibility (spec 000 §2–7, ADR 0020). */
export const sharingSlice: WorkspaceSlice = {
  providers: [
    ModelAccess,
    PgSharingRepository,
    PgSharingReadModel,
    DuplicateModelHandler,
    ShareWithEveryoneHandler,
    GetModelAccessibilityHandler,
    ShareModelHandler,
    ChangeShareRoleHandler,
    RemoveShareHandler,
    ToggleFavoriteHandler,
    RemoveFavoriteHandler,
    GetModelSharesHandler,
    ListSharedWithMeHandler,
    ListShareUsersHandler,
    ListFavoritesHandler,
  ],
  routes: [
    rpcRoute({
      rpc: WorkspaceRpc.modelAccessibility,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new GetModelAccessibilityQuery(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.duplicateModel,
      kind: 'command',
      handle: async ({ actor, body }, context) => answerModel(context, actor.userId, await context.commands.execute(new DuplicateModelCommand(actor.userId, body.id, body.changes.name))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.shareWithEveryone,
      kind: 'command',
      handle: async ({ actor, body }, context) => answerModel(context, actor.userId, await context.commands.execute(new ShareWithEveryoneCommand(actor.userId, body.id, body.changes.shareAs))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.getModelShares,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new GetModelSharesQuery(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.shareModel,
      kind: 'command',
      handle: async ({ actor, body }, context) => {
        const change = await context.commands.execute(new ShareModelCommand(actor.userId, body.id, body.changes.email, body.changes.role));
        await context.runtime.waitForProjection(ProjectModelSharesOnShareEvents, change.eventIds);
        return context.queries.execute(new GetModelSharesQuery(actor.userId, body.id));
      },
    }),
    rpcRoute({
      rpc: WorkspaceRpc.listSharedWithMe,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListSharedWithMeQuery(actor.userId, body)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.changeShareRole,
      kind: 'command',
      handle: async ({ actor, body }, context) => answerShare(context, actor.userId, await context.commands.execute(new ChangeShareRoleCommand(actor.userId, body.id, body.changes.role))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.removeShare,
      kind: 'command',
      handle: async ({ actor, body }, context) => answerShare(context, actor.userId, await context.commands.execute(new RemoveShareCommand(actor.userId, body.id))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.listShareUsers,
      kind: 'query',
      handle: ({ actor }, context) => context.queries.execute(new ListShareUsersQuery(actor.userId)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.listFavorites,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListFavoritesQuery(actor.userId, body)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.toggleFavorite,
      kind: 'command',
      handle: async ({ actor, body }, context) => {
        const change = await context.commands.execute(new ToggleFavoriteCommand(actor.userId, body.modelId));
        await context.runtime.waitForProjection(ProjectFavoritesOnFavoriteEvents, change.eventIds);
        return { modelId: body.modelId, favorite: change.starred, id: change.starred ? change.favorite.id : null };
      },
    }),
    rpcRoute({
      rpc: WorkspaceRpc.removeFavorite,
      kind: 'command',
      handle: async ({ actor, body }, context) => {
        const { favorite, eventIds } = await context.commands.execute(new RemoveFavoriteCommand(actor.userId, body.id));
        await context.runtime.waitForProjection(ProjectFavoritesOnFavoriteEvents, eventIds);
        // The model as the caller sees it now; one they lost access to (or deleted) as it last was.
        const models = context.get(PgModelReadModel);
        const seen = (await models.presentRows(actor.userId, [favorite.modelId])).get(favorite.modelId);
        const last = seen ? null : await models.lastState(favorite.modelId);
        const model = seen ?? (last ? await models.present(actor.userId, last) : null);
        if (!model) throw new DomainError('not-found', FAVORITE_MESSAGES.notFound);
        return { id: favorite.id, modelId: favorite.modelId, createdAt: favorite.createdAt.toISOString(), model };
      },
    }),
  ],
  // One consumer per subject prefix; the reactions write state + outbox and have nothing to rebuild.
  projections: [ProjectModelSharesOnShareEvents, ProjectFavoritesOnFavoriteEvents, ProjectSharedListsOnModelEvents, EndSharesAndFavoritesOnModelDeleted, ActivateSharesOnUserRegistered],
};
