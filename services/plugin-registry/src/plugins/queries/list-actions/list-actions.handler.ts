import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PLUGINS_REPOSITORY, PluginsRepository } from '../../ports/plugins.repository.port';
import { authorsPlugin, versionNotFound } from '../../plugin-access';
import { PgPluginReadModel } from '../../adapters/pg-plugin.read-model';
import { RpcReply } from '../../rpc-types';
import { ListActionsQuery } from './list-actions.query';

/** A version's actions: for the plugin's author only. */
@QueryHandler(ListActionsQuery)
export class ListActionsHandler implements IQueryHandler<ListActionsQuery, RpcReply<'listActions'>> {
  constructor(
    @Inject(PLUGINS_REPOSITORY) private readonly repo: PluginsRepository,
    private readonly view: PgPluginReadModel,
  ) {}

  async execute({ actorId, params }: ListActionsQuery): Promise<RpcReply<'listActions'>> {
    await authorsPlugin(this.repo, actorId, params.where.pluginId);
    const v = await this.view.version(params.where.pluginId, params.where.version);
    if (!v) throw versionNotFound();
    const actions = JSON.stringify(params.sort ?? '')
      .toLowerCase()
      .includes('desc')
      ? [...v.actions].reverse()
      : v.actions;
    return { data: actions, total: actions.length };
  }
}
