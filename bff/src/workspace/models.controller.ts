import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { HttpRoutes, Model, ModelList, User, WorkspaceRpc } from '@kiln/contracts';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { parse } from '../http/parse';
import { ServiceClient } from '../services/service-client';

/** /api/workspace/model, exactly as spec 000 §7 names it; the workspace service decides everything. */
@Controller('api/workspace/model')
@UseGuards(SessionGuard)
export class ModelsController {
  constructor(private readonly services: ServiceClient) {}

  @Post()
  @HttpCode(201)
  create(@CurrentUser() user: User, @Body() body: unknown): Promise<Model> {
    return this.services.call(WorkspaceRpc.createModel, { actor: { userId: user.id }, body: parse(HttpRoutes.createModel.body, body) });
  }

  @Get()
  list(@CurrentUser() user: User, @Query() query: unknown): Promise<ModelList> {
    // Parsed here to answer 400 early; sent on as the raw query so the service parses the same contract.
    parse(HttpRoutes.listModels.query, query);
    return this.services.call(WorkspaceRpc.listModels, { actor: { userId: user.id }, body: query as never });
  }

  @Get(':id')
  get(@CurrentUser() user: User, @Param() params: unknown): Promise<Model> {
    const { id } = parse(HttpRoutes.getModel.params, params);
    return this.services.call(WorkspaceRpc.getModel, { actor: { userId: user.id }, body: { id } });
  }

  @Patch(':id')
  update(@CurrentUser() user: User, @Param() params: unknown, @Body() body: unknown): Promise<Model> {
    const { id } = parse(HttpRoutes.updateModel.params, params);
    const changes = parse(HttpRoutes.updateModel.body, body);
    return this.services.call(WorkspaceRpc.updateModel, { actor: { userId: user.id }, body: { id, changes } });
  }

  @Delete(':id')
  remove(@CurrentUser() user: User, @Param() params: unknown): Promise<Model> {
    const { id } = parse(HttpRoutes.deleteModel.params, params);
    return this.services.call(WorkspaceRpc.deleteModel, { actor: { userId: user.id }, body: { id } });
  }
}
