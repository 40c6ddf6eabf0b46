import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Model, ModelList, WorkspaceRpc } from '@kiln/contracts';
import { nsSubject, ServiceRuntime } from '@kiln/service-kit';
import { CreateModelCommand } from '../models/commands/create-model/create-model.command';
import { DeleteModelCommand } from '../models/commands/delete-model/delete-model.command';
import { UpdateModelCommand } from '../models/commands/update-model/update-model.command';
import { ProjectModelsOnModelEvents } from '../models/projections/project-models-on-model-events';
import { GetModelQuery } from '../models/queries/get-model/get-model.query';
import { ListModelsQuery } from '../models/queries/list-models/list-models.query';

/**
 * The NATS face of models. Commands answer with the model as the read model shows it once their
 * events are projected, so a list fetched right after a change already contains it.
 */
@Controller()
export class ModelsRpcController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly runtime: ServiceRuntime,
  ) {}

  @MessagePattern(nsSubject(WorkspaceRpc.createModel.subject))
  async create(@Payload() payload: unknown): Promise<Model> {
    const { actor, body } = WorkspaceRpc.createModel.request.parse(payload);
    const { id, eventIds } = await this.commands.execute(new CreateModelCommand(actor.userId, body));
    return this.readAfter(actor.userId, id, eventIds);
  }

  @MessagePattern(nsSubject(WorkspaceRpc.listModels.subject))
  list(@Payload() payload: unknown): Promise<ModelList> {
    const { actor, body } = WorkspaceRpc.listModels.request.parse(payload);
    return this.queries.execute(new ListModelsQuery(actor.userId, body));
  }

  @MessagePattern(nsSubject(WorkspaceRpc.getModel.subject))
  get(@Payload() payload: unknown): Promise<Model> {
    const { actor, body } = WorkspaceRpc.getModel.request.parse(payload);
    return this.queries.execute(new GetModelQuery(actor.userId, body.id));
  }

  @MessagePattern(nsSubject(WorkspaceRpc.updateModel.subject))
  async update(@Payload() payload: unknown): Promise<Model> {
    const { actor, body } = WorkspaceRpc.updateModel.request.parse(payload);
    const { eventIds } = await this.commands.execute(new UpdateModelCommand(actor.userId, body.id, body.changes));
    return this.readAfter(actor.userId, body.id, eventIds);
  }

  @MessagePattern(nsSubject(WorkspaceRpc.deleteModel.subject))
  async delete(@Payload() payload: unknown): Promise<Model> {
    const { actor, body } = WorkspaceRpc.deleteModel.request.parse(payload);
    const before = await this.queries.execute(new GetModelQuery(actor.userId, body.id)).catch(() => null);
    const { model, eventIds } = await this.commands.execute(new DeleteModelCommand(actor.userId, body.id));
    await this.runtime.waitForProjection(ProjectModelsOnModelEvents, eventIds);
    // The last state of the model, as it was shown before it went away.
    return {
      ...(before ?? { author: undefined, contributor: undefined, userRole: 'owner' as const }),
      id: model.id,
      name: model.name,
      description: model.description,
      authorId: model.authorId,
      contributorId: model.contributorId,
      teamId: model.teamId,
      projectId: model.projectId,
      productId: model.productId,
      publishedAt: model.publishedAt?.toISOString() ?? null,
      createdAt: model.createdAt.toISOString(),
      updatedAt: model.updatedAt.toISOString(),
      sharedWithEveryone: model.sharedWithEveryone,
      hidden: model.hidden,
    };
  }

  private async readAfter(actorId: string, id: string, eventIds: string[]): Promise<Model> {
    await this.runtime.waitForProjection(ProjectModelsOnModelEvents, eventIds);
    return this.queries.execute(new GetModelQuery(actorId, id));
  }
}
