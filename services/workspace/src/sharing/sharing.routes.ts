import { WorkspaceRpc } from '@kiln/contracts';
import { DomainError, FAVORITE_MESSAGES } from '@kiln/domain';
import { answerAfterProjection, RpcContext, rpcRoute } from '@kiln/service-kit';
import { AreaRoutes } from '@kiln/service-kit';
import { PgModelReadModel } from '../models/adapters/pg-model.read-model';
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
import { ShareChange } from './sharing-change';
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
const answerShare = (context: RpcContext, actorId: string, change: ShareChange) =>
  answerAfterProjection(context, [ProjectModelSharesOnShareEvents, change.eventIds], () => context.get(PgSharingReadModel).presentShare(actorId, change.share));

/** Sharing a model with people, and favorites (spec 000 §2–7, ADR 0020). */
export const sharingRoutes: AreaRoutes = {
  providers: [
    PgSharingRepository,
    PgSharingReadModel,
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
      rpc: WorkspaceRpc.getModelShares,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new GetModelSharesQuery(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.shareModel,
      kind: 'command',
      handle: async ({ actor, body }, context) => {
        const change = await context.commands.execute(new ShareModelCommand(actor.userId, body.id, body.changes.email, body.changes.role));
        return answerAfterProjection(context, [ProjectModelSharesOnShareEvents, change.eventIds], () =>
          context.queries.execute(new GetModelSharesQuery(actor.userId, body.id)),
        );
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
      handle: async ({ actor, body }, context) =>
        answerShare(context, actor.userId, await context.commands.execute(new ChangeShareRoleCommand(actor.userId, body.id, body.changes.role))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.removeShare,
      kind: 'command',
      handle: async ({ actor, body }, context) =>
        answerShare(context, actor.userId, await context.commands.execute(new RemoveShareCommand(actor.userId, body.id))),
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
        return answerAfterProjection(context, [ProjectFavoritesOnFavoriteEvents, change.eventIds], () => ({
          modelId: body.modelId,
          favorite: change.starred,
          // The favorite added, or the one removed: a page drops that one from a list answer read before it (web model-cache).
          id: change.favorite.id,
        }));
      },
    }),
    rpcRoute({
      rpc: WorkspaceRpc.removeFavorite,
      kind: 'command',
      handle: async ({ actor, body }, context) => {
        const { favorite, eventIds } = await context.commands.execute(new RemoveFavoriteCommand(actor.userId, body.id));
        return answerAfterProjection(context, [ProjectFavoritesOnFavoriteEvents, eventIds], async () => {
          // The model as the caller sees it now; one they lost access to (or deleted) as it last was.
          const models = context.get(PgModelReadModel);
          const seen = (await models.presentRows(actor.userId, [favorite.modelId])).get(favorite.modelId);
          const last = seen ? null : await models.lastState(favorite.modelId);
          const model = seen ?? (last ? await models.present(actor.userId, last) : null);
          if (!model) throw new DomainError('not-found', FAVORITE_MESSAGES.notFound);
          return { id: favorite.id, modelId: favorite.modelId, createdAt: favorite.createdAt.toISOString(), model };
        });
      },
    }),
  ],
  // One consumer per subject prefix; the reactions write state + outbox and have nothing to rebuild.
  projections: [
    ProjectModelSharesOnShareEvents,
    ProjectFavoritesOnFavoriteEvents,
    ProjectSharedListsOnModelEvents,
    EndSharesAndFavoritesOnModelDeleted,
    ActivateSharesOnUserRegistered,
  ],
};
