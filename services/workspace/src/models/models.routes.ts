import { COMMON_MESSAGES, Model, WorkspaceRpc } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { answerAfterProjection, idempotencyClaim, RpcContext, rpcRoute, runIdempotent } from '@kiln/service-kit';
import { AreaRoutes } from '@kiln/service-kit';
import { SCHEMA } from '../database.types';
import { ProjectFavoritesOnFavoriteEvents } from '../sharing/projections/project-favorites-on-favorite-events';
import { ProjectModelSharesOnShareEvents } from '../sharing/projections/project-model-shares-on-share-events';
import { PgDeletedModelsReadModel } from './adapters/pg-deleted-models.read-model';
import { PgModelReadModel } from './adapters/pg-model.read-model';
import { PgModelRepository } from './adapters/pg-model.repository';
import { CreateModelCommand, ModelChange } from './commands/create-model/create-model.command';
import { CreateModelHandler } from './commands/create-model/create-model.handler';
import { DeleteModelCommand } from './commands/delete-model/delete-model.command';
import { DeleteModelHandler } from './commands/delete-model/delete-model.handler';
import { DuplicateModelCommand } from './commands/duplicate-model/duplicate-model.command';
import { DuplicateModelHandler } from './commands/duplicate-model/duplicate-model.handler';
import { RestoreModelCommand } from './commands/restore-model/restore-model.command';
import { RestoreModelHandler } from './commands/restore-model/restore-model.handler';
import { ShareWithEveryoneCommand } from './commands/share-with-everyone/share-with-everyone.command';
import { ShareWithEveryoneHandler } from './commands/share-with-everyone/share-with-everyone.handler';
import { SetModelComponentsCommand } from './commands/set-model-components/set-model-components.command';
import { SetModelComponentsHandler } from './commands/set-model-components/set-model-components.handler';
import { SetModelGeometryCommand } from './commands/set-model-geometry/set-model-geometry.command';
import { SetModelGeometryHandler } from './commands/set-model-geometry/set-model-geometry.handler';
import { UpdateModelCommand } from './commands/update-model/update-model.command';
import { UpdateModelHandler } from './commands/update-model/update-model.handler';
import { ModelAccess } from './adapters/model-access';
import { PgGeometrySources } from './adapters/pg-geometry-sources';
import { GEOMETRY_SOURCES } from './ports/geometry-sources.port';
import { MODEL_REPOSITORY, ModelRepository } from './ports/model.repository.port';
import { ProjectModelsOnModelEvents } from './projections/project-models-on-model-events';
import { ClearComponentUsagesOnModelDeleted } from './reactions/clear-component-usages-on-model-deleted';
import { GetModelAccessibilityHandler } from './queries/get-model-accessibility/get-model-accessibility.handler';
import { GetModelAccessibilityQuery } from './queries/get-model-accessibility/get-model-accessibility.query';
import { GetModelHandler } from './queries/get-model/get-model.handler';
import { GetModelComponentsHandler } from './queries/get-model-components/get-model-components.handler';
import { GetModelComponentsQuery } from './queries/get-model-components/get-model-components.query';
import { GetModelViewHandler } from './queries/get-model-view/get-model-view.handler';
import { GetModelViewQuery } from './queries/get-model-view/get-model-view.query';
import { GetModelQuery } from './queries/get-model/get-model.query';
import { ListModelsHandler } from './queries/list-models/list-models.handler';
import { ListModelsQuery } from './queries/list-models/list-models.query';
import { ListRecentlyDeletedHandler } from './queries/list-recently-deleted/list-recently-deleted.handler';
import { ListRecentlyDeletedQuery } from './queries/list-recently-deleted/list-recently-deleted.query';

/**
 * A command answers with the state it committed, whatever the projection's lag. It still waits (bounded)
 * for its events to be projected, so a list fetched right after the answer already shows the change.
 * The answer is built from the committed state, so its people are read while the projection catches up.
 */
const answerModel = (context: RpcContext, actorId: string, change: ModelChange): Promise<Model> =>
  answerAfterProjection(context, [ProjectModelsOnModelEvents, change.eventIds], () => context.get(PgModelReadModel).present(actorId, change.model), {
    viewsFree: true,
  });

/** The committed model of an Idempotency-Key whose first answer was not remembered. */
async function presentCommitted(context: RpcContext, actorId: string, id: string): Promise<Model> {
  const model = await context.get<ModelRepository>(MODEL_REPOSITORY).findById(id);
  if (!model) throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
  return context.get(PgModelReadModel).present(actorId, model.snapshot());
}

/**
 * My Models (spec 000 §2): create, list, open, edit, delete, duplicate, share with everyone, accessibility; "Recently deleted" and restore
 * (ADR 0048); its geometry and what the viewer shows (ADR 0054).
 */
export const modelsRoutes: AreaRoutes = {
  providers: [
    { provide: MODEL_REPOSITORY, useClass: PgModelRepository },
    PgModelReadModel,
    PgDeletedModelsReadModel,
    ModelAccess,
    { provide: GEOMETRY_SOURCES, useClass: PgGeometrySources },
    CreateModelHandler,
    UpdateModelHandler,
    DeleteModelHandler,
    DuplicateModelHandler,
    ShareWithEveryoneHandler,
    RestoreModelHandler,
    ListModelsHandler,
    GetModelHandler,
    GetModelAccessibilityHandler,
    ListRecentlyDeletedHandler,
    SetModelGeometryHandler,
    SetModelComponentsHandler,
    GetModelViewHandler,
    GetModelComponentsHandler,
  ],
  routes: [
    rpcRoute({
      rpc: WorkspaceRpc.createModel,
      kind: 'command',
      handle: ({ actor, body, idempotencyKey }, context) => {
        const claim = idempotencyClaim(WorkspaceRpc.createModel, { actor, body, idempotencyKey });
        return runIdempotent(
          context.runtime.db,
          SCHEMA,
          claim,
          async () => answerModel(context, actor.userId, await context.commands.execute(new CreateModelCommand(actor.userId, body, claim ?? undefined))),
          // The first answer is not remembered yet (a parallel repeat) or was lost: answer what committed.
          (id) => presentCommitted(context, actor.userId, id),
        );
      },
    }),
    rpcRoute({
      rpc: WorkspaceRpc.listModels,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListModelsQuery(actor.userId, body)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.getModel,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new GetModelQuery(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.updateModel,
      kind: 'command',
      handle: async ({ actor, body }, context) =>
        answerModel(context, actor.userId, await context.commands.execute(new UpdateModelCommand(actor.userId, body.id, body.changes))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.setModelGeometry,
      kind: 'command',
      handle: async ({ actor, body }, context) =>
        answerModel(context, actor.userId, await context.commands.execute(new SetModelGeometryCommand(actor.userId, body.id, body.changes))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.setModelComponents,
      kind: 'command',
      handle: ({ actor, body }, context) => context.commands.execute(new SetModelComponentsCommand(actor.userId, body.id, body.changes)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.modelComponents,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new GetModelComponentsQuery(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.modelView,
      kind: 'query',
      // The BFF asks for anonymous callers too (actor userId ''): only the 'Everyone' link can give them a role.
      handle: ({ actor, body }, context) => context.queries.execute(new GetModelViewQuery(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.deleteModel,
      kind: 'command',
      // The answer is the model's last state, as it was when it went away.
      handle: async ({ actor, body }, context) =>
        answerModel(context, actor.userId, await context.commands.execute(new DeleteModelCommand(actor.userId, body.id))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.modelAccessibility,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new GetModelAccessibilityQuery(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.duplicateModel,
      kind: 'command',
      handle: async ({ actor, body }, context) =>
        answerModel(context, actor.userId, await context.commands.execute(new DuplicateModelCommand(actor.userId, body.id, body.changes.name))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.shareWithEveryone,
      kind: 'command',
      handle: async ({ actor, body }, context) =>
        answerModel(context, actor.userId, await context.commands.execute(new ShareWithEveryoneCommand(actor.userId, body.id, body.changes.shareAs))),
    }),
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
        return answerAfterProjection(
          context,
          [
            [ProjectModelsOnModelEvents, restored.eventIds],
            [ProjectModelSharesOnShareEvents, restored.shareEventIds],
            [ProjectFavoritesOnFavoriteEvents, restored.favoriteEventIds],
          ],
          () => context.get(PgModelReadModel).present(actor.userId, restored.model),
          { viewsFree: true },
        );
      },
    }),
  ],
  // The reaction has nothing to rebuild: it keeps the components' usages true when a model goes (ADR 0054).
  projections: [ProjectModelsOnModelEvents, ClearComponentUsagesOnModelDeleted],
};
