import { AuthAnswer, COMMON_MESSAGES, Model, WorkspaceRpc } from '@kiln/contracts';
import { requestHash, rpcController, RpcContext, rpcRoute, runIdempotent } from '@kiln/service-kit';
import { PgModelReadModel } from '../adapters/pg-model.read-model';
import { LogInCommand } from '../auth/commands/log-in/log-in.command';
import { LogOutCommand } from '../auth/commands/log-out/log-out.command';
import { RegisterUserCommand, SignedIn } from '../auth/commands/register-user/register-user.command';
import { ResolveSessionQuery } from '../auth/queries/resolve-session/resolve-session.query';
import { SCHEMA } from '../database.types';
import { MODEL_REPOSITORY, ModelRepository } from '../ports/model.repository.port';
import { DomainError } from '@kiln/domain';
import { CreateModelCommand, ModelChange } from '../models/commands/create-model/create-model.command';
import { DeleteModelCommand } from '../models/commands/delete-model/delete-model.command';
import { UpdateModelCommand } from '../models/commands/update-model/update-model.command';
import { ProjectModelsOnModelEvents } from '../models/projections/project-models-on-model-events';
import { GetModelQuery } from '../models/queries/get-model/get-model.query';
import { ListModelsQuery } from '../models/queries/list-models/list-models.query';
import { ProjectUsersOnUserRegistered } from '../users/projections/project-users-on-user-registered';
import { workspaceSlices } from '../workspace-slices';

/**
 * A command answers with the state it committed, whatever the projection's lag. It still waits (bounded)
 * for its events to be projected, so a list fetched right after the answer already shows the change.
 */
async function answerModel(context: RpcContext, actorId: string, change: ModelChange): Promise<Model> {
  // The answer is built from the committed state, so its people are read while the projection catches up.
  const [, model] = await Promise.all([context.runtime.waitForProjection(ProjectModelsOnModelEvents, change.eventIds), context.get(PgModelReadModel).present(actorId, change.model)]);
  return model;
}

async function presentCommitted(context: RpcContext, actorId: string, id: string): Promise<Model> {
  const model = await context.get<ModelRepository>(MODEL_REPOSITORY).findById(id);
  if (!model) throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
  return context.get(PgModelReadModel).present(actorId, model.snapshot());
}

/** Sign-up and sign-in answer once the person is in the read model, so the next request knows them. */
async function answerSignedIn(context: RpcContext, signedIn: SignedIn): Promise<AuthAnswer> {
  await context.runtime.waitForProjection(ProjectUsersOnUserRegistered, signedIn.eventIds);
  const { user } = await context.queries.execute(new ResolveSessionQuery(signedIn.token));
  return { user, token: signedIn.token };
}

/** Every request the workspace answers on NATS: subject → use case. */
export const workspaceRpcRoutes = [
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
  rpcRoute({
    rpc: WorkspaceRpc.createModel,
    kind: 'command',
    handle: ({ actor, body, idempotencyKey }, context) => {
      const claim = idempotencyKey
        ? { userId: actor.userId, key: idempotencyKey, operation: WorkspaceRpc.createModel.subject, requestHash: requestHash(body) }
        : null;
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
    handle: async ({ actor, body }, context) => answerModel(context, actor.userId, await context.commands.execute(new UpdateModelCommand(actor.userId, body.id, body.changes))),
  }),
  rpcRoute({
    rpc: WorkspaceRpc.deleteModel,
    kind: 'command',
    // The answer is the model's last state, as it was when it went away.
    handle: async ({ actor, body }, context) => answerModel(context, actor.userId, await context.commands.execute(new DeleteModelCommand(actor.userId, body.id))),
  }),
];

export const WorkspaceRpcController = rpcController('WorkspaceRpcController', [...workspaceRpcRoutes, ...workspaceSlices.flatMap((slice) => slice.routes)]);
