import { Component, WorkspaceRpc } from '@kiln/contracts';
import { answerAfterProjection, AreaRoutes, RpcContext, rpcRoute } from '@kiln/service-kit';
import { PgComponentReadModel } from './adapters/pg-component.read-model';
import { PgComponentRepository } from './adapters/pg-component.repository';
import { ComponentChange, CreateComponentCommand } from './commands/create-component/create-component.command';
import { CreateComponentHandler } from './commands/create-component/create-component.handler';
import { DeleteComponentCommand } from './commands/delete-component/delete-component.command';
import { DeleteComponentHandler } from './commands/delete-component/delete-component.handler';
import { UpdateComponentCommand } from './commands/update-component/update-component.command';
import { UpdateComponentHandler } from './commands/update-component/update-component.handler';
import { COMPONENT_REPOSITORY, COMPONENT_USAGES } from './ports/component.repository.port';
import { ProjectComponentsOnComponentEvents } from './projections/project-components-on-component-events';
import { GetComponentUsageHandler } from './queries/get-component-usage/get-component-usage.handler';
import { GetComponentUsageQuery } from './queries/get-component-usage/get-component-usage.query';
import { ListComponentsHandler } from './queries/list-components/list-components.handler';
import { ListComponentsQuery } from './queries/list-components/list-components.query';

/** A command answers with the state it committed, once its events are projected (a list fetched next shows it). */
const answerComponent = (context: RpcContext, actorId: string, change: ComponentChange): Promise<Component> =>
  answerAfterProjection(
    context,
    [ProjectComponentsOnComponentEvents, change.eventIds],
    () => context.get(PgComponentReadModel).present(actorId, change.component),
    {
      viewsFree: true,
    },
  );

/** Components (spec 001 §3, §7, §8; ADR 0051): create, list, rename, delete (refused while used), used count. */
export const componentsRoutes: AreaRoutes = {
  providers: [
    PgComponentRepository,
    { provide: COMPONENT_REPOSITORY, useExisting: PgComponentRepository },
    { provide: COMPONENT_USAGES, useExisting: PgComponentRepository },
    PgComponentReadModel,
    CreateComponentHandler,
    UpdateComponentHandler,
    DeleteComponentHandler,
    ListComponentsHandler,
    GetComponentUsageHandler,
  ],
  routes: [
    rpcRoute({
      rpc: WorkspaceRpc.createComponent,
      kind: 'command',
      handle: async ({ actor, body }, context) =>
        answerComponent(context, actor.userId, await context.commands.execute(new CreateComponentCommand(actor.userId, body))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.listComponents,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListComponentsQuery(actor.userId, body)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.updateComponent,
      kind: 'command',
      handle: async ({ actor, body }, context) =>
        answerComponent(context, actor.userId, await context.commands.execute(new UpdateComponentCommand(actor.userId, body.id, body.changes))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.deleteComponent,
      kind: 'command',
      // The answer is the component's last state, as it was when it went away.
      handle: async ({ actor, body }, context) =>
        answerComponent(context, actor.userId, await context.commands.execute(new DeleteComponentCommand(actor.userId, body.id))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.componentUsage,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new GetComponentUsageQuery(actor.userId, body.id)),
    }),
  ],
  projections: [ProjectComponentsOnComponentEvents],
};
