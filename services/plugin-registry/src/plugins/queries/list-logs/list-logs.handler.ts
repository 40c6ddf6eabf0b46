import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PLUGINS_REPOSITORY, PluginsRepository } from '../../ports/plugins.repository.port';
import { authorsPlugin, versionNotFound } from '../../plugin-access';
import { PgPluginReadModel } from '../../adapters/pg-plugin.read-model';
import { RpcReply } from '../../rpc-types';
import { ListLogsQuery } from './list-logs.query';

/** A version's build log: for the plugin's author only. */
@QueryHandler(ListLogsQuery)
export class ListLogsHandler implements IQueryHandler<ListLogsQuery, RpcReply<'listLogs'>> {
  constructor(
    @Inject(PLUGINS_REPOSITORY) private readonly repo: PluginsRepository,
    private readonly view: PgPluginReadModel,
  ) {}

  async execute({ actorId, params }: ListLogsQuery): Promise<RpcReply<'listLogs'>> {
    await authorsPlugin(this.repo, actorId, params.where.pluginId);
    const v = await this.view.version(params.where.pluginId, params.where.version);
    if (!v) throw versionNotFound();
    const sort = JSON.stringify(params.sort ?? '').toLowerCase();
    return this.view.logs(v.id, { skip: params.skip, limit: params.limit, ascending: sort.includes('asc') && !sort.includes('desc') });
  }
}
